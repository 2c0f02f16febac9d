import { ArrowDown, ArrowUp, Eye, EyeOff, Pencil, Plus } from 'lucide-react';
import { useState } from 'react';

import {
  RESOURCE_TABS,
  RESOURCES_TOPIC,
  type ResourceLinkFields,
  type ResourceLinkView,
  type ResourceTab,
} from '../../../../src/modules/resources/contracts/resource-tabs';
import { AdminOnly } from '../../components/admin-only';
import { Button } from '../../components/ui/button';
import { Loading } from '../../components/ui/loading';
import { toast } from '../../components/ui/toast-store';
import { api, ApiRequestError } from '../../lib/api-client';
import { useApiQuery } from '../../lib/use-api-query';
import { ResourceDialog } from './resource-dialog';

const fetchAll = () => api<{ resources: ResourceLinkView[] }>('GET', '/api/admin/resources');
const update = (id: string, fields: ResourceLinkFields) => api<{ success: true }>('PUT', `/api/admin/resources/${id}`, fields);
const move = (id: string, tab: ResourceTab, index: number) => api<{ position: number }>('PUT', `/api/admin/resources/${id}/position`, { tab, index });

const fieldsOf = ({ tab, title, description, emoji, action, url, hidden }: ResourceLinkView): ResourceLinkFields => ({
  tab,
  title,
  description,
  emoji,
  action,
  url,
  hidden,
});

/** Admin page: the Resources page's cards, per tab: add, edit, reorder, move to another tab, hide. Every change is in the audit log. */
export function AdminResourcesPage() {
  return (
    <AdminOnly>
      <AdminResources />
    </AdminOnly>
  );
}

function AdminResources() {
  const list = useApiQuery('/api/admin/resources', fetchAll, { failure: 'Failed to load the resources', reloadOn: [RESOURCES_TOPIC] });
  const [editing, setEditing] = useState<ResourceLinkView | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const cards = list.data?.resources ?? [];

  const run = async (work: Promise<unknown>, done: string) => {
    try {
      await work;
      toast({ title: 'Saved', description: done });
    } catch (failure) {
      toast({ title: 'Error', description: failure instanceof ApiRequestError ? failure.message : 'Failed to save the change', variant: 'destructive' });
    }
    await list.reload();
  };

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold text-brand-900">Resources</h1>
          <p className="mt-1 max-w-2xl text-sm text-slate-600">
            The cards of the Resources page. Addresses start with https:// or http:// (opened in a new tab) or / (a page of the portal). Hidden cards stay here
            and are not shown to agents.
          </p>
        </div>
        <Button
          onClick={() => {
            setEditing(null);
            setDialogOpen(true);
          }}
        >
          <Plus className="h-4 w-4" aria-hidden /> New card
        </Button>
      </div>
      {list.loading ? (
        <Loading />
      ) : (
        RESOURCE_TABS.map((tab) => {
          const inTab = cards.filter((card) => card.tab === tab);
          return (
            <section key={tab} aria-labelledby={`tab-${tab}`} className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
              <h2 id={`tab-${tab}`} className="text-lg font-semibold text-brand-900">
                {tab}
              </h2>
              {inTab.length === 0 ? (
                <p className="mt-2 text-sm text-slate-600">No cards.</p>
              ) : (
                <ol className="mt-2 divide-y divide-slate-100">
                  {inTab.map((card, index) => (
                    <li key={card.id} className="flex flex-wrap items-center gap-3 py-2" data-testid="admin-resource">
                      <span className="text-2xl" aria-hidden>
                        {card.emoji}
                      </span>
                      <div className="min-w-0 flex-1">
                        <p className="font-medium text-slate-900">
                          {card.title}
                          {card.hidden && <span className="ml-2 rounded bg-slate-200 px-1.5 py-0.5 text-xs font-medium text-slate-800">Hidden</span>}
                        </p>
                        <p className="break-all text-xs text-slate-600">{card.action === 'help-request' ? 'Opens the Submit Help Request dialog' : card.url}</p>
                      </div>
                      <div className="flex gap-1">
                        <Button
                          variant="ghost"
                          size="icon"
                          aria-label={`Move ${card.title} up`}
                          disabled={index === 0}
                          onClick={() => void run(move(card.id, tab, index - 1), `${card.title} moved up`)}
                        >
                          <ArrowUp className="h-4 w-4" aria-hidden />
                        </Button>
                        <Button
                          variant="ghost"
                          size="icon"
                          aria-label={`Move ${card.title} down`}
                          disabled={index === inTab.length - 1}
                          onClick={() => void run(move(card.id, tab, index + 1), `${card.title} moved down`)}
                        >
                          <ArrowDown className="h-4 w-4" aria-hidden />
                        </Button>
                        <Button
                          variant="ghost"
                          size="icon"
                          aria-label={`${card.hidden ? 'Show' : 'Hide'} ${card.title}`}
                          onClick={() =>
                            void run(update(card.id, { ...fieldsOf(card), hidden: !card.hidden }), `${card.title} ${card.hidden ? 'shown' : 'hidden'}`)
                          }
                        >
                          {card.hidden ? <Eye className="h-4 w-4" aria-hidden /> : <EyeOff className="h-4 w-4" aria-hidden />}
                        </Button>
                        <Button
                          variant="ghost"
                          size="icon"
                          aria-label={`Edit ${card.title}`}
                          onClick={() => {
                            setEditing(card);
                            setDialogOpen(true);
                          }}
                        >
                          <Pencil className="h-4 w-4" aria-hidden />
                        </Button>
                      </div>
                    </li>
                  ))}
                </ol>
              )}
            </section>
          );
        })
      )}
      <ResourceDialog
        open={dialogOpen}
        editing={editing ? fieldsOf(editing) : null}
        onOpenChange={setDialogOpen}
        onSave={async (fields) => {
          if (editing) await update(editing.id, fields);
          else await api('POST', '/api/admin/resources', fields);
          toast({ title: 'Saved', description: editing ? 'Card updated' : 'Card added' });
          await list.reload();
        }}
      />
    </div>
  );
}

import * as Tabs from '@radix-ui/react-tabs';
import { ArrowRight, ExternalLink, Loader2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';

import { RESOURCE_TABS, RESOURCES_TOPIC, type ResourceLinkView, type ResourceTab } from '../../../../src/modules/resources/contracts/resource-tabs';
import { useHelpRequestDialog } from '../../app/help-request-dialog-store';
import { api } from '../../lib/api-client';
import { useApiQuery } from '../../lib/use-api-query';

type Card = Omit<ResourceLinkView, 'hidden' | 'position'>;
const fetchResources = () => api<{ tabs: ResourceTab[]; resources: Card[] }>('GET', '/api/resources');

/** A tab's value for the tab widget: its ids must not hold spaces or '&'. */
const slug = (tab: string) => tab.toLowerCase().replace(/[^a-z]+/g, '-');

const EXPLORE = 'inline-flex items-center gap-1.5 rounded-md bg-brand-700 px-3 py-2 text-sm font-medium text-white hover:bg-brand-600';

function Explore({ card }: { card: Card }) {
  const showHelp = useHelpRequestDialog((s) => s.show);
  if (card.action === 'help-request')
    return (
      <button type="button" className={EXPLORE} onClick={() => showHelp()} aria-label={`Explore ${card.title}`}>
        Explore <ArrowRight className="h-4 w-4" aria-hidden />
      </button>
    );
  if (card.url?.startsWith('/'))
    return (
      <Link to={card.url} className={EXPLORE} aria-label={`Explore ${card.title}`}>
        Explore <ArrowRight className="h-4 w-4" aria-hidden />
      </Link>
    );
  return (
    <a href={card.url ?? undefined} target="_blank" rel="noopener noreferrer" className={EXPLORE} aria-label={`Explore ${card.title} (opens in a new tab)`}>
      Explore <ExternalLink className="h-4 w-4" aria-hidden />
    </a>
  );
}

/**
 * Resources (spec: Resources page): the seven tabs of cards that admins keep; an outside link
 * opens in a new tab, and Need Help? opens the Submit Help Request dialog instead of leaving.
 */
export function ResourcesPage() {
  const list = useApiQuery('/api/resources', fetchResources, { failure: 'Failed to load the resources', reloadOn: [RESOURCES_TOPIC] });
  const [tab, setTab] = useState(slug(RESOURCE_TABS[0]));
  const cards = list.data?.resources ?? [];
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <h1 className="text-3xl font-bold text-brand-900">Resources</h1>
      <p className="mt-2 text-slate-600">The tools, meetings, guides and programmes you use every day, in one place.</p>
      {list.loading ? (
        // A screen tall, so the footer waits below the fold rather than jumping down when the cards come.
        <div role="status" className="flex min-h-screen items-start justify-center gap-2 pt-[12vh] text-slate-600">
          <Loader2 className="h-6 w-6 animate-spin" aria-hidden /> Loading...
        </div>
      ) : (
        <Tabs.Root value={tab} onValueChange={setTab} className="mt-6">
          <Tabs.List aria-label="Resource categories" className="flex gap-1 overflow-x-auto border-b border-slate-200 pb-px">
            {RESOURCE_TABS.map((name) => (
              <Tabs.Trigger
                key={name}
                value={slug(name)}
                className="whitespace-nowrap rounded-t-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 data-[state=active]:border-b-2 data-[state=active]:border-brand-700 data-[state=active]:text-brand-900"
              >
                {name}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          {RESOURCE_TABS.map((name) => {
            const shown = cards.filter((card) => card.tab === name);
            return (
              <Tabs.Content key={name} value={slug(name)} className="mt-6">
                {shown.length === 0 ? (
                  <p className="text-slate-600">Nothing here yet.</p>
                ) : (
                  <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
                    {shown.map((card) => (
                      <li
                        key={card.id}
                        className="flex flex-col justify-between gap-4 rounded-lg border border-slate-200 bg-white p-5 shadow-sm"
                        data-testid="resource-card"
                      >
                        <div>
                          <span className="text-3xl" aria-hidden>
                            {card.emoji}
                          </span>
                          <h2 className="mt-2 text-lg font-semibold text-brand-900">{card.title}</h2>
                          <p className="mt-1 text-sm text-slate-600">{card.description}</p>
                        </div>
                        <div>
                          <Explore card={card} />
                        </div>
                      </li>
                    ))}
                  </ul>
                )}
              </Tabs.Content>
            );
          })}
        </Tabs.Root>
      )}
    </div>
  );
}

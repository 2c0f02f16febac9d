import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';

import { AdminOnly } from '../../components/admin-only';
import { Button } from '../../components/ui/button';
import { Loading } from '../../components/ui/loading';
import { cn } from '../../lib/cn';
import { formatDateTime } from '../../lib/format';
import { useApiPages } from '../../lib/use-api-query';
import { ANNOUNCEMENTS_TOPIC, fetchAllAnnouncements, type AdminAnnouncement, type AnnouncementState } from './api/announcements';
import { AnnouncementDialog } from './components/announcement-dialog';
import { ConfirmDeleteAnnouncement } from './components/delete-announcement';
import { LinkifiedText } from './components/linkified-text';

const STATES: Record<AnnouncementState, { label: string; style: string; says: string }> = {
  scheduled: { label: 'Scheduled', style: 'bg-blue-100 text-blue-900', says: 'Shown from its publish time' },
  shown: { label: 'Shown', style: 'bg-green-100 text-green-900', says: 'One of the five newest: everyone sees it' },
  'not-shown': { label: 'Not shown', style: 'bg-amber-100 text-amber-900', says: 'Live, but five newer announcements are shown' },
  expired: { label: 'Expired', style: 'bg-slate-200 text-slate-800', says: 'Past its expiry' },
};

function when(item: AdminAnnouncement): string {
  const from = `${item.state === 'scheduled' ? 'From' : 'Since'} ${formatDateTime(item.shownFrom)}`;
  return item.expiresAt ? `${from} · ${item.state === 'expired' ? 'ended' : 'until'} ${formatDateTime(item.expiresAt)}` : from;
}

/** Admin page: every announcement (scheduled, shown, pushed out, expired), to create, schedule, edit and delete. */
export function AdminAnnouncementsPage() {
  return (
    <AdminOnly>
      <AdminAnnouncements />
    </AdminOnly>
  );
}

function AdminAnnouncements() {
  const list = useApiPages('/api/admin/announcements', fetchAllAnnouncements, {
    failure: 'Failed to load announcements',
    reloadOn: [ANNOUNCEMENTS_TOPIC],
    itemKey: (item: AdminAnnouncement) => item.id,
  });
  const [editing, setEditing] = useState<AdminAnnouncement | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [deleting, setDeleting] = useState<AdminAnnouncement | null>(null);
  const items = list.items ?? [];

  const open = (item: AdminAnnouncement | null) => {
    setEditing(item);
    setDialogOpen(true);
  };
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold text-brand-900">Announcements</h1>
          <p className="mt-1 max-w-2xl text-sm text-slate-600">
            Everyone signed in sees the five newest shown ones on their Banking page, live. Give one a publish time to schedule it, and an expiry to take it
            down by itself. Times are on the organisation&apos;s clock.
          </p>
        </div>
        <Button onClick={() => open(null)}>
          <Plus className="h-4 w-4" aria-hidden /> New announcement
        </Button>
      </div>
      {list.loading ? (
        <Loading />
      ) : items.length === 0 ? (
        <p className="rounded-lg border border-slate-200 bg-white p-6 text-sm text-slate-600">No announcements yet. New announcement writes the first.</p>
      ) : (
        <ul className="space-y-3" aria-label="Announcements">
          {items.map((item) => (
            <li key={item.id} className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm" data-testid="admin-announcement">
              <div className="flex flex-wrap items-start justify-between gap-2">
                <div className="min-w-0 flex-1">
                  <h2 className="break-words font-semibold text-slate-900">{item.title}</h2>
                  <p className="mt-1 text-xs text-slate-600">
                    <span className={cn('mr-2 rounded px-1.5 py-0.5 font-medium', STATES[item.state].style)} title={STATES[item.state].says}>
                      {STATES[item.state].label}
                    </span>
                    {when(item)}
                  </p>
                </div>
                <div className="flex shrink-0 gap-1">
                  <Button variant="ghost" size="icon" aria-label={`Edit announcement ${item.title}`} onClick={() => open(item)}>
                    <Pencil className="h-4 w-4" aria-hidden />
                  </Button>
                  <Button variant="ghost" size="icon" aria-label={`Delete announcement ${item.title}`} onClick={() => setDeleting(item)}>
                    <Trash2 className="h-4 w-4 text-red-600" aria-hidden />
                  </Button>
                </div>
              </div>
              <LinkifiedText text={item.content} className="mt-2 whitespace-pre-line break-words text-sm text-slate-700" />
            </li>
          ))}
        </ul>
      )}
      {list.next !== null && (
        <div className="text-center">
          <Button variant="outline" disabled={list.loadingMore} onClick={() => void list.loadMore()}>
            {list.loadingMore ? 'Loading...' : 'Load more'}
          </Button>
        </div>
      )}
      <AnnouncementDialog editing={editing} open={dialogOpen} onOpenChange={setDialogOpen} onSaved={() => void list.reload()} />
      <ConfirmDeleteAnnouncement subject={deleting} onClose={() => setDeleting(null)} onDone={() => void list.reload()} />
    </div>
  );
}

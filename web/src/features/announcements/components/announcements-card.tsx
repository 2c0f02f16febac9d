import { Megaphone, Pencil, Plus, Trash2 } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';

import { useSession } from '../../../app/session-store';
import { Button } from '../../../components/ui/button';
import { Loading } from '../../../components/ui/loading';
import { formatDateTime } from '../../../lib/format';
import { useApiQuery } from '../../../lib/use-api-query';
import { useOpenedOnce } from '../../../lib/use-opened-once';
import { ANNOUNCEMENTS_TOPIC, fetchAnnouncements, type Announcement } from '../api/announcements';
import { ConfirmDeleteAnnouncement } from './delete-announcement';
import { LinkifiedText } from './linkified-text';

// An admin's editor loads at its first opening.
const AnnouncementDialog = lazy(() => import('./announcement-dialog').then((module) => ({ default: module.AnnouncementDialog })));

/** The longest a browser timer waits (about 24.8 days); a later change is picked up at the next load. */
const MAX_TIMER_MS = 2 ** 31 - 1;

function AnnouncementItem({ item, admin, onEdit, onDelete }: { item: Announcement; admin: boolean; onEdit: () => void; onDelete: () => void }) {
  return (
    <li className="rounded-md border border-slate-200 p-4" data-testid="announcement">
      <div className="flex items-start justify-between gap-2">
        <h3 className="min-w-0 break-words font-semibold text-slate-900">{item.title}</h3>
        {admin && (
          <div className="flex shrink-0 gap-1">
            <Button variant="ghost" size="icon" aria-label={`Edit announcement ${item.title}`} onClick={onEdit}>
              <Pencil className="h-4 w-4" aria-hidden />
            </Button>
            <Button variant="ghost" size="icon" aria-label={`Delete announcement ${item.title}`} onClick={onDelete}>
              <Trash2 className="h-4 w-4 text-red-600" aria-hidden />
            </Button>
          </div>
        )}
      </div>
      <LinkifiedText text={item.content} className="mt-1 whitespace-pre-line break-words text-sm text-slate-700" />
      <p className="mt-2 text-xs text-slate-600">
        {formatDateTime(item.shownFrom)}
        {item.expiresAt && ` · until ${formatDateTime(item.expiresAt)}`}
      </p>
    </li>
  );
}

/**
 * Announcements (spec /profile): the five newest shown now, for everyone, reloaded when an admin
 * changes one (realtime) and at the next publish time or expiry. Admins create, edit and delete.
 */
export function AnnouncementsCard() {
  const admin = useSession((s) => s.user?.isAdmin ?? false);
  const list = useApiQuery('/api/announcements', fetchAnnouncements, { failure: 'Failed to load announcements', reloadOn: [ANNOUNCEMENTS_TOPIC] });
  const [dialogOpen, setDialogOpen] = useState(false);
  const dialogOpened = useOpenedOnce(dialogOpen);
  const [editing, setEditing] = useState<Announcement | null>(null);
  const [deleting, setDeleting] = useState<Announcement | null>(null);
  const { reload } = list;

  // What is shown changes by itself at a publish time or an expiry: load again then.
  const nextChangeAt = list.data?.nextChangeAt;
  useEffect(() => {
    if (!nextChangeAt) return;
    const wait = Math.min(Math.max(new Date(nextChangeAt).getTime() - Date.now() + 500, 0), MAX_TIMER_MS);
    const timer = setTimeout(() => void reload(), wait);
    return () => clearTimeout(timer);
  }, [nextChangeAt, reload]);

  const open = (item: Announcement | null) => {
    setEditing(item);
    setDialogOpen(true);
  };

  const removed = (item: Announcement, deleted: boolean) => {
    if (deleted)
      list.update(
        (data) =>
          data && { ...data, announcements: data.announcements.filter((a) => a.id !== item.id), upcoming: data.upcoming?.filter((a) => a.id !== item.id) },
      );
    void reload();
  };

  const shown = list.data?.announcements ?? [];
  const upcoming = list.data?.upcoming ?? [];
  return (
    <section aria-labelledby="announcements-title" className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
      <div className="flex items-center justify-between gap-3">
        <h2 id="announcements-title" className="flex items-center gap-2 text-lg font-semibold text-brand-900">
          <Megaphone className="h-5 w-5" aria-hidden /> Announcements
        </h2>
        {admin && (
          <div className="flex items-center gap-3">
            <Link to="/admin/announcements" className="text-sm font-medium text-brand-700 underline">
              All announcements
            </Link>
            <Button size="sm" onClick={() => open(null)}>
              <Plus className="h-4 w-4" aria-hidden /> New
            </Button>
          </div>
        )}
      </div>
      {list.loading ? (
        <Loading />
      ) : shown.length === 0 ? (
        <p className="mt-4 text-sm text-slate-600">No announcements right now.</p>
      ) : (
        <ul className="mt-4 space-y-3" aria-label="Announcements">
          {shown.map((item) => (
            <AnnouncementItem key={item.id} item={item} admin={admin} onEdit={() => open(item)} onDelete={() => setDeleting(item)} />
          ))}
        </ul>
      )}
      {admin && upcoming.length > 0 && (
        <>
          <h3 className="mt-6 text-sm font-semibold text-slate-700">Scheduled (admins only)</h3>
          <ul className="mt-2 space-y-3" aria-label="Scheduled announcements">
            {upcoming.map((item) => (
              <AnnouncementItem key={item.id} item={item} admin onEdit={() => open(item)} onDelete={() => setDeleting(item)} />
            ))}
          </ul>
        </>
      )}
      {admin && dialogOpened && (
        <Suspense fallback={null}>
          <AnnouncementDialog editing={editing} open={dialogOpen} onOpenChange={setDialogOpen} onSaved={() => void reload()} />
        </Suspense>
      )}
      <ConfirmDeleteAnnouncement subject={deleting} onClose={() => setDeleting(null)} onDone={removed} />
    </section>
  );
}

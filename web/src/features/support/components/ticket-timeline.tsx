import { useState } from 'react';

import { formatShortDateTime } from '../../../lib/format';
import { useApiQuery } from '../../../lib/use-api-query';
import { fetchTimeline, type TimelineEntry } from '../api/support';

const valueOf = (value: string | null) => value ?? '—';

function Entry({ entry }: { entry: TimelineEntry }) {
  return (
    <li className="border-l-2 border-slate-200 pl-3">
      <div className="flex flex-wrap gap-x-2 text-xs text-slate-600">
        <time dateTime={entry.at}>{formatShortDateTime(entry.at)}</time>
        <span className="font-medium text-slate-800">{entry.actorName}</span>
      </div>
      <p className="whitespace-pre-wrap break-words text-sm text-slate-900">{entry.summary}</p>
      {entry.changes.length > 0 && (
        <ul className="mt-1 space-y-0.5 text-xs text-slate-700">
          {entry.changes.map((change, index) => (
            <li key={`${change.field}-${index}`} className="whitespace-pre-wrap break-words">
              <span className="font-medium">{change.field}:</span> {valueOf(change.before)} <span aria-hidden>→</span>
              <span className="sr-only">changed to</span> {valueOf(change.after)}
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

/**
 * A request's history from its events (admins): collapsed until opened, loaded then, and again
 * whenever `version` changes (the dialog saved something) or the request changes elsewhere.
 */
export function TicketTimeline({ ticketId, version, reloadOn }: { ticketId: string; version: number; reloadOn: readonly string[] }) {
  const [open, setOpen] = useState(false);
  const timeline = useApiQuery(`ticket-timeline-${ticketId}-${version}`, () => fetchTimeline(ticketId), {
    failure: 'Failed to load the timeline',
    enabled: open,
    reloadOn,
  });
  const entries = timeline.data?.entries ?? [];
  return (
    <details className="rounded-md border border-slate-200 p-3" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary className="cursor-pointer text-sm font-semibold text-slate-900">Timeline</summary>
      <div className="mt-2">
        {timeline.loading ? (
          <p role="status" className="text-sm text-slate-600">
            Loading the timeline...
          </p>
        ) : (
          <ol className="space-y-3" aria-label="Timeline entries">
            {entries.map((entry, index) => (
              <Entry key={`${entry.at}-${index}`} entry={entry} />
            ))}
          </ol>
        )}
      </div>
    </details>
  );
}

import { AlertTriangle, Clock } from 'lucide-react';

import { cn } from '../../../lib/cn';
import type { SlaClock, TicketSla } from '../api/support';
import { shownClock, toneOf, type SlaTone } from './sla-text';

const TONE_STYLE: Record<SlaTone, string> = {
  overdue: 'font-semibold text-red-800',
  'due-soon': 'font-semibold text-amber-900',
  quiet: 'text-slate-600',
  running: 'text-slate-900',
};

/** One clock's words with its colour and, for the urgent ones, an icon and words that say so without the colour. */
export function SlaClockLabel({ clock, className }: { clock: SlaClock; className?: string }) {
  const tone = toneOf(clock);
  return (
    <span className={cn('inline-flex items-center gap-1', TONE_STYLE[tone], className)}>
      {tone === 'overdue' && <AlertTriangle className="h-3.5 w-3.5 shrink-0" aria-hidden />}
      {tone === 'due-soon' && (
        <>
          <Clock className="h-3.5 w-3.5 shrink-0" aria-hidden />
          <span className="sr-only">Due soon:</span>
        </>
      )}
      {clock.label}
    </span>
  );
}

/** The SLA column: the clock that matters now, and which one it is ('—' for a request from before the clocks). */
export function SlaCell({ sla }: { sla: TicketSla }) {
  if (!sla) return <span className="text-slate-600">—</span>;
  const { name, clock } = shownClock(sla);
  return (
    <span className="flex h-full flex-col justify-center leading-tight">
      <SlaClockLabel clock={clock} />
      <span className="text-xs text-slate-600">{name}</span>
    </span>
  );
}

/** Both clocks of a request, for its details. */
export function SlaClocks({ sla }: { sla: TicketSla }) {
  if (!sla) return <p className="text-sm text-slate-600">No SLA clocks for this request.</p>;
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm" aria-label="SLA clocks">
      <dt className="font-medium text-slate-700">First response</dt>
      <dd>
        <SlaClockLabel clock={sla.firstResponse} />
      </dd>
      <dt className="font-medium text-slate-700">Resolution</dt>
      <dd>
        <SlaClockLabel clock={sla.resolution} />
      </dd>
    </dl>
  );
}

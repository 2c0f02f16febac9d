import { formatDateOverTime, formatShortDateTime } from '../../lib/format';

/** A moment's column: its date over its time and zone, so the grid fits a laptop; the whole text for the quick filter and screen readers. */
export const MOMENT_COLUMN = {
  valueFormatter: (p: { value?: string | null }) => formatShortDateTime(p.value ?? null),
  cellRenderer: (p: { value?: string | null }) => {
    if (!p.value) return '—';
    const { date, time } = formatDateOverTime(p.value);
    return (
      <div className="flex h-full flex-col justify-center leading-tight">
        <span>{date}</span>
        <span className="text-xs text-slate-600">{time}</span>
      </div>
    );
  },
};

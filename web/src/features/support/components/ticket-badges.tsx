import { cn } from '../../../lib/cn';

const STATUS_STYLE: Record<string, string> = {
  'To Do': 'bg-slate-100 text-slate-800',
  'In Progress': 'bg-blue-100 text-blue-900',
  Done: 'bg-emerald-100 text-emerald-900',
};
const PRIORITY_STYLE: Record<string, string> = {
  High: 'bg-red-100 text-red-900',
  Med: 'bg-amber-100 text-amber-900',
  Medium: 'bg-amber-100 text-amber-900',
  Low: 'bg-slate-100 text-slate-800',
};

const badge = 'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium';

export const StatusBadge = ({ status }: { status: string }) => <span className={cn(badge, STATUS_STYLE[status])}>{status}</span>;
export const PriorityBadge = ({ priority }: { priority: string }) => <span className={cn(badge, PRIORITY_STYLE[priority])}>{priority}</span>;
/** The support team asked the agent something and waits for the answer. */
export const WaitingBadge = () => (
  <span className={cn(badge, 'border border-amber-400 bg-amber-50 text-amber-900')} data-testid="waiting-badge">
    Waiting for your reply
  </span>
);

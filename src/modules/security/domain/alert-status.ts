export type AlertStatus = 'active' | 'acknowledged' | 'resolved';

/** active → acknowledged → resolved (an active alert may be resolved at once); resolved is final. */
const NEXT: Record<AlertStatus, readonly AlertStatus[]> = {
  active: ['acknowledged', 'resolved'],
  acknowledged: ['resolved'],
  resolved: [],
};

/** Why an alert in `from` cannot be marked `to`, or null when it can. */
export function alertTransitionRefusal(from: AlertStatus, to: AlertStatus): string | null {
  if (NEXT[from].includes(to)) return null;
  if (from === 'resolved') return 'This alert is already resolved; a resolved alert cannot be changed.';
  if (from === to) return `This alert is already ${to}.`;
  return `An ${from} alert cannot be marked ${to}.`;
}

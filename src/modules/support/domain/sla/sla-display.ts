import type { SlaClock } from './sla-clock.js';

const MINUTE_MS = 60_000;

/** Business time in hours and whole minutes, rounded down, sign dropped: '3h 20m', '45m', '0m'. */
export function formatBusinessDuration(ms: number): string {
  const minutes = Math.floor(Math.abs(ms) / MINUTE_MS);
  const hours = Math.floor(minutes / 60);
  return hours > 0 ? `${hours}h ${minutes % 60}m` : `${minutes}m`;
}

/** A clock as the help-request screens show it: '3h 20m left', 'Paused, 3h 20m left', '2h 5m overdue', 'Met'. */
export function describeSlaClock(clock: Pick<SlaClock, 'state' | 'remainingMs'>): string {
  switch (clock.state) {
    case 'running':
      return `${formatBusinessDuration(clock.remainingMs)} left`;
    case 'paused':
      return `Paused, ${formatBusinessDuration(clock.remainingMs)} left`;
    case 'met':
      return 'Met';
    case 'breached':
      // Overdue by less than a minute of business time (or run out at a closing time, the office now shut).
      return clock.remainingMs <= -MINUTE_MS ? `${formatBusinessDuration(clock.remainingMs)} overdue` : 'Overdue';
  }
}

import type { SlaClock, Ticket, TicketSla } from '../api/support';

const HOUR_MS = 60 * 60 * 1000;

export type SlaTone = 'overdue' | 'due-soon' | 'quiet' | 'running';

/** How a clock looks: red once overdue, amber with less than an hour left, muted when met or paused. */
export function toneOf(clock: SlaClock): SlaTone {
  if (clock.state === 'breached') return 'overdue';
  if (clock.state === 'running' && clock.remainingMs < HOUR_MS) return 'due-soon';
  return clock.state === 'running' ? 'running' : 'quiet';
}

/** The clock the lists show: first response while it still counts, the resolution otherwise. */
export function shownClock(sla: NonNullable<TicketSla>): { name: 'First response' | 'Resolution'; clock: SlaClock } {
  return sla.firstResponse.counting ? { name: 'First response', clock: sla.firstResponse } : { name: 'Resolution', clock: sla.resolution };
}

/** The resolution clock in the agent's words: the time left, or that it was resolved in time. */
export function agentSlaText(sla: Ticket['sla']): string | null {
  if (!sla) return null;
  const clock = sla.resolution;
  if (clock.state === 'met') return 'Resolved in time';
  if (!clock.counting && clock.state === 'breached') return 'Resolved';
  // The server's words for a paused clock start 'Paused, '; the agent is told why.
  if (clock.state === 'paused') return `Expected resolution: on hold until you reply (${clock.label.replace(/^Paused, /, '')} in business hours)`;
  return `Expected resolution: ${clock.label} (business hours)`;
}

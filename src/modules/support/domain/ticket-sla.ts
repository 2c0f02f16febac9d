import type { SlaClockSnapshot, TicketSla } from '../contracts/ticket-sla.js';
import type { Priority } from '../contracts/ticket-values.js';
import { businessTimeBetween } from './sla/business-calendar.js';
import { slaClocks, type SlaClock, type SlaPolicy } from './sla/sla-clock.js';
import { describeSlaClock } from './sla/sla-display.js';

/** What a ticket's SLA clocks follow, as its events tell it (times as ISO strings). */
export type TicketSlaFacts = {
  readonly openedAt: string;
  readonly priority: Priority;
  /** While the ticket waited on the agent, or sat Done before it was opened again: neither clock counts. */
  readonly pauses: readonly { readonly from: string; readonly to: string | null }[];
  readonly firstRespondedAt: string | null;
  readonly resolvedAt: string | null;
};

/** A clock as the screens show it now: its state, deadline, business time left (negative once overdue) and the words for it. */
export type SlaClockNow = SlaClockSnapshot & { readonly label: string };

export const openFacts = (openedAt: string, priority: Priority): TicketSlaFacts => ({
  openedAt,
  priority,
  pauses: [],
  firstRespondedAt: null,
  resolvedAt: null,
});

/** The first public word from the support team: an admin's reply, or a status change with a comment (it lands in the notes the agent reads). */
export const responded = (facts: TicketSlaFacts, at: string): TicketSlaFacts => (facts.firstRespondedAt ? facts : { ...facts, firstRespondedAt: at });

/** The support team asked the agent something: the clocks wait (a pause already open stays as it began). */
export const waitOnAgent = (facts: TicketSlaFacts, at: string): TicketSlaFacts =>
  facts.pauses.some((pause) => pause.to === null) ? facts : { ...facts, pauses: [...facts.pauses, { from: at, to: null }] };

/** The wait is over (the agent answered, or an admin replied without asking): the clocks run again. */
export const stopWaiting = (facts: TicketSlaFacts, at: string): TicketSlaFacts => ({
  ...facts,
  pauses: facts.pauses.map((pause) => (pause.to === null ? { ...pause, to: at } : pause)),
});

/** Done stops the resolution clock; opened again, the time it sat Done counts as a pause. */
export function resolvedOrReopened(facts: TicketSlaFacts, done: boolean, at: string): TicketSlaFacts {
  if (done) return facts.resolvedAt ? facts : { ...facts, resolvedAt: at };
  if (!facts.resolvedAt) return facts;
  return { ...facts, resolvedAt: null, pauses: [...facts.pauses, { from: facts.resolvedAt, to: at }] };
}

const frozen = (clock: SlaClock, counting: boolean): SlaClockSnapshot => ({
  dueAt: clock.dueAt?.toISOString() ?? null,
  warnAt: clock.warnAt?.toISOString() ?? null,
  remainingMs: clock.remainingMs,
  state: clock.state,
  counting,
});

const asDates = (facts: TicketSlaFacts) => ({
  openedAt: new Date(facts.openedAt),
  priority: facts.priority,
  pauses: facts.pauses.map((pause) => ({ from: new Date(pause.from), to: pause.to ? new Date(pause.to) : null })),
  firstRespondedAt: facts.firstRespondedAt ? new Date(facts.firstRespondedAt) : null,
  resolvedAt: facts.resolvedAt ? new Date(facts.resolvedAt) : null,
});

/** Both clocks at `now`, for the event that changed their facts. */
export function slaSnapshot(policy: SlaPolicy, facts: TicketSlaFacts, now: Date): TicketSla {
  const clocks = slaClocks(policy, asDates(facts), now);
  const waiting = facts.pauses.some((pause) => pause.to === null);
  return {
    firstResponse: frozen(clocks.firstResponse, !waiting && !facts.firstRespondedAt && !facts.resolvedAt),
    resolution: frozen(clocks.resolution, !waiting && !facts.resolvedAt),
  };
}

/** A frozen clock as it stands at `now`: a running one has used the business time since, and is overdue once its deadline passed. */
export function slaClockNow(snapshot: SlaClockSnapshot, policy: SlaPolicy, now: Date): SlaClockNow {
  // A list page asks for a hundred clocks: each deadline is parsed once, and the label reads only state and time left.
  if (!snapshot.counting || !snapshot.dueAt) return { ...snapshot, label: describeSlaClock(snapshot) };
  const due = Date.parse(snapshot.dueAt);
  const running = now.getTime() < due;
  const remainingMs = running ? businessTimeBetween(now, new Date(due), policy.calendar) : -businessTimeBetween(new Date(due), now, policy.calendar);
  const state = running ? 'running' : 'breached';
  return { ...snapshot, remainingMs, state, label: describeSlaClock({ state, remainingMs }) };
}

/** Both clocks of a ticket as they stand at `now` (none for a request from before the clocks). */
export function slaNow(sla: TicketSla | null, policy: SlaPolicy, now: Date): { firstResponse: SlaClockNow; resolution: SlaClockNow } | null {
  return sla ? { firstResponse: slaClockNow(sla.firstResponse, policy, now), resolution: slaClockNow(sla.resolution, policy, now) } : null;
}

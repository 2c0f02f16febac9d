import type { SlaClockState } from '../../contracts/ticket-sla.js';
import type { Priority } from '../../contracts/ticket-values.js';
import { addBusinessTime, businessTimeBetween, type BusinessCalendar } from './business-calendar.js';

/** Business milliseconds a help request of one priority has until its first response and until it is resolved. */
export type SlaTarget = { readonly firstResponseMs: number; readonly resolutionMs: number };
export type SlaTargets = Readonly<Record<Priority, SlaTarget>>;

/** The support desk's service levels (SLA_* settings): its business hours, targets per priority, and how long before a breach the assignee is warned. */
export type SlaPolicy = { readonly calendar: BusinessCalendar; readonly targets: SlaTargets; readonly warnBeforeMs: number };

export type SlaDeadlines = { readonly firstResponseDueAt: Date; readonly resolutionDueAt: Date };

/**
 * When a help request's two clocks run out if they run from `from` without a pause: when it opens,
 * `from` is the opening and nothing is used; when a paused clock resumes, `from` is the moment
 * it resumed and `used` the business time spent before the pause. A clock already run out is due
 * at once (`from`, or the next opening): slaClocks says when exactly it ran out.
 */
export function slaDeadlines(
  policy: SlaPolicy,
  priority: Priority,
  from: Date,
  used: { readonly firstResponseMs: number; readonly resolutionMs: number } = { firstResponseMs: 0, resolutionMs: 0 },
): SlaDeadlines {
  const target = policy.targets[priority];
  const due = (targetMs: number, usedMs: number) => addBusinessTime(from, Math.max(0, targetMs - usedMs), policy.calendar);
  return { firstResponseDueAt: due(target.firstResponseMs, used.firstResponseMs), resolutionDueAt: due(target.resolutionMs, used.resolutionMs) };
}

/** A time the help request waited on its agent (an admin asked something), until the agent replied; `to` null while still waiting. */
export type SlaPause = { readonly from: Date; readonly to: Date | null };

/** What a help request's clocks are computed from. */
export type SlaFacts = {
  readonly openedAt: Date;
  readonly priority: Priority;
  /** In any order; overlapping ones count once. */
  readonly pauses: readonly SlaPause[];
  /** The first public reply by an admin. */
  readonly firstRespondedAt: Date | null;
  readonly resolvedAt: Date | null;
};

/**
 * running: counting down. paused: waiting on the agent, not run out. met: stopped in time.
 * breached: run out, whether still open or stopped late (it stays breached).
 */
export type { SlaClockState } from '../../contracts/ticket-sla.js';

export type SlaClock = {
  /** When the target runs out; null while paused (it depends on when the agent replies). Once met or breached, the deadline it had. */
  readonly dueAt: Date | null;
  /** When to warn the assignee (SlaPolicy.warnBeforeMs of business time before dueAt, at opening when the target is shorter); null while paused and once met. */
  readonly warnAt: Date | null;
  /** Business time the clock has counted: from the opening to now, or to when it was met, pauses left out. */
  readonly usedMs: number;
  /** The target less usedMs, in business time: negative once business time passes the deadline (0 in the closed hours right after it, when the state already says breached). */
  readonly remainingMs: number;
  readonly state: SlaClockState;
};

export type SlaClocks = { readonly firstResponse: SlaClock; readonly resolution: SlaClock };

/**
 * A help request's two clocks at `now`. The first-response clock stops at the first admin reply
 * (or at the resolution, if that comes first); the resolution clock at the resolution. Both count
 * business time from the opening, leaving out the pauses, and are breached once `now` (or the
 * moment they stopped) is after the instant their target ran out.
 */
export function slaClocks(policy: SlaPolicy, facts: SlaFacts, now: Date): SlaClocks {
  const target = policy.targets[facts.priority];
  const responded = [facts.firstRespondedAt, facts.resolvedAt].filter((at): at is Date => at !== null);
  const firstResponseAt = responded.length > 0 ? new Date(Math.min(...responded.map((at) => at.getTime()))) : null;
  return {
    firstResponse: slaClock(policy, facts, target.firstResponseMs, firstResponseAt, now),
    resolution: slaClock(policy, facts, target.resolutionMs, facts.resolvedAt, now),
  };
}

/** A stretch of time the clocks run, as epoch ms; the last one never ends (`to` Infinity). */
type Span = { readonly from: number; readonly to: number };

function slaClock(policy: SlaPolicy, facts: SlaFacts, targetMs: number, stoppedAt: Date | null, now: Date): SlaClock {
  const met = stoppedAt !== null && stoppedAt.getTime() <= now.getTime();
  const until = met ? stoppedAt.getTime() : now.getTime();
  // Pauses after `until` are not known yet (or do not matter once met): past it, the clock runs.
  const running = runningSpans(facts.openedAt.getTime(), facts.pauses, until);
  const usedMs = running.reduce((sum, span) => sum + businessTimeBetween(new Date(span.from), new Date(Math.min(span.to, until)), policy.calendar), 0);
  const dueAt = instantHaving(running, targetMs, policy.calendar);
  const remainingMs = targetMs - usedMs;
  if (met) return { dueAt, warnAt: null, usedMs, remainingMs, state: stoppedAt.getTime() > dueAt.getTime() ? 'breached' : 'met' };
  const warnAt = instantHaving(running, Math.max(0, targetMs - policy.warnBeforeMs), policy.calendar);
  if (now.getTime() > dueAt.getTime()) return { dueAt, warnAt, usedMs, remainingMs, state: 'breached' };
  if (isPaused(facts, now)) return { dueAt: null, warnAt: null, usedMs, remainingMs, state: 'paused' };
  return { dueAt, warnAt, usedMs, remainingMs, state: 'running' };
}

/** [openedAt, ∞) less the pauses (each cut at `until`), in order. */
function runningSpans(openedAt: number, pauses: readonly SlaPause[], until: number): Span[] {
  const cut = pauses
    .map((pause) => ({ from: Math.max(pause.from.getTime(), openedAt), to: Math.min(pause.to?.getTime() ?? Number.POSITIVE_INFINITY, until) }))
    .filter((pause) => pause.to > pause.from)
    .sort((a, b) => a.from - b.from);
  const spans: Span[] = [];
  let cursor = openedAt;
  for (const pause of cut) {
    if (pause.from > cursor) spans.push({ from: cursor, to: pause.from });
    cursor = Math.max(cursor, pause.to);
  }
  spans.push({ from: cursor, to: Number.POSITIVE_INFINITY });
  return spans;
}

/** The first instant by which the running spans hold `ms` of business time (the opening for 0). */
function instantHaving(running: readonly Span[], ms: number, calendar: BusinessCalendar): Date {
  let counted = 0;
  for (const span of running) {
    if (ms <= counted) return new Date(span.from);
    const inSpan = span.to === Number.POSITIVE_INFINITY ? Number.POSITIVE_INFINITY : businessTimeBetween(new Date(span.from), new Date(span.to), calendar);
    if (counted + inSpan >= ms) return addBusinessTime(new Date(span.from), ms - counted, calendar);
    counted += inSpan;
  }
  throw new Error('the last running span never ends');
}

const isPaused = (facts: SlaFacts, now: Date): boolean =>
  now.getTime() >= facts.openedAt.getTime() &&
  facts.pauses.some((pause) => pause.from.getTime() <= now.getTime() && (pause.to === null || pause.to.getTime() > now.getTime()));

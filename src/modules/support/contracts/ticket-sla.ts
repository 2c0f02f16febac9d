/** Where an SLA clock stands: counting, waiting on the agent, met in time, or run out. */
export type SlaClockState = 'running' | 'paused' | 'met' | 'breached';

/**
 * One clock as an event froze it: its deadline (none while paused), when to warn, the business
 * time left then, its state, and whether it still counts (not met, not paused), overdue or not.
 */
export type SlaClockSnapshot = {
  readonly dueAt: string | null;
  readonly warnAt: string | null;
  readonly remainingMs: number;
  readonly state: SlaClockState;
  readonly counting: boolean;
};

/** A ticket's two clocks, the first response's first. */
export const SLA_CLOCKS = ['firstResponse', 'resolution'] as const;
export type SlaClockName = (typeof SLA_CLOCKS)[number];

/** Both clocks after an event: the deadlines are set here, with the policy of that moment, and never recomputed by a reader. */
export type TicketSla = { readonly firstResponse: SlaClockSnapshot; readonly resolution: SlaClockSnapshot };

/** The deadline that comes first among the clocks still counting (the Overdue view's and the warning's), with its warning time. */
export function nextDeadline(sla: TicketSla): { clock: SlaClockName; dueAt: string; warnAt: string | null } | null {
  const running = SLA_CLOCKS.map((clock) => ({ clock, ...sla[clock] })).filter((c) => c.counting && c.dueAt !== null);
  running.sort((a, b) => a.dueAt!.localeCompare(b.dueAt!));
  return running[0] ? { clock: running[0].clock, dueAt: running[0].dueAt!, warnAt: running[0].warnAt } : null;
}

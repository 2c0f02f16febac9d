import type { CommandBus } from '@nestjs/cqrs';
import { addHours } from 'date-fns';

import { systemContext } from '../../../platform/event-store/new-event.js';
import type { JobQueue } from '../../../platform/jobs/job-queue.port.js';
import { keepScheduled } from '../../../platform/jobs/keep-scheduled.js';
import { ReconcileDay } from '../commands/reconcile-day/reconcile-day.command.js';
import { dayOf, shiftDay } from '../domain/reconciliation.js';

export const RECONCILE_DAY_JOB = 'reconcile-day';
/** Yesterday is reconciled at this hour (UTC), when late webhooks and the provider's own records have settled. */
export const RECONCILE_AT_HOUR_UTC = 3;
export const RECONCILE_SCHEDULE = `0 ${RECONCILE_AT_HOUR_UTC} * * *`;
/** The actor of the daily runs (the report's run_by). */
export const DAILY_RUN = 'daily-job';

/** When the run for `day` is due: the next day at RECONCILE_AT_HOUR_UTC. */
export function dueTimeOf(day: string): Date {
  return addHours(new Date(`${shiftDay(day, 1)}T00:00:00Z`), RECONCILE_AT_HOUR_UTC);
}

/** The latest day whose daily run was due by `now`. */
export function lastDueDay(now: Date): string {
  const yesterday = shiftDay(dayOf(now), -1);
  return now >= dueTimeOf(yesterday) ? yesterday : shiftDay(yesterday, -1);
}

/**
 * The daily reconciliation: a scheduled run (no data) reconciles the day before its scheduled
 * time; the run queued at start names its day. Each day is reconciled once by the daily runs
 * (`once`), however many processes start or how often; a finance user's run always replaces it.
 */
export function registerDailyReconciliation(jobs: JobQueue, commands: CommandBus): void {
  jobs.register<{ day: string } | null>(RECONCILE_DAY_JOB, async (data, job) => {
    const day = data?.day ?? shiftDay(dayOf(job.scheduledAt ?? new Date()), -1);
    await commands.execute(new ReconcileDay({ day, once: true }, systemContext(DAILY_RUN)));
  });
}

/**
 * From processes that run workers: the run every day at 03:00 UTC, and at start the last due
 * day, which a portal that was down at 03:00 would otherwise never reconcile. Returns a stop.
 */
export function keepReconcilingDaily(jobs: JobQueue, now: () => Date = () => new Date()): () => void {
  return keepScheduled(jobs, RECONCILE_DAY_JOB, RECONCILE_SCHEDULE, {
    thenAtStart: () => {
      const day = lastDueDay(now());
      return jobs.enqueue(RECONCILE_DAY_JOB, { day }, { jobId: `reconcile-day-${day}`, attempts: 10, backoffMs: 60_000 });
    },
  });
}

import type { CommandBus } from '@nestjs/cqrs';

import { systemContext } from '../../../platform/event-store/new-event.js';
import type { JobQueue } from '../../../platform/jobs/job-queue.port.js';
import { keepScheduled } from '../../../platform/jobs/keep-scheduled.js';
import { atHourIn, dayIn, shiftDay } from '../../../platform/time/org-time.js';
import { ReconcileDay } from '../commands/reconcile-day/reconcile-day.command.js';

export const RECONCILE_DAY_JOB = 'reconcile-day';
/** Yesterday is reconciled at this hour of the organisation's time zone, when late webhooks and the provider's own records have settled. */
export const RECONCILE_AT_HOUR = 3;
export const RECONCILE_SCHEDULE = `0 ${RECONCILE_AT_HOUR} * * *`;
/** The actor of the daily runs (the report's run_by). */
export const DAILY_RUN = 'daily-job';

/** When the run for `day` (a calendar day of `zone`) is due: the next day at RECONCILE_AT_HOUR in `zone`. */
export const dueTimeOf = (day: string, zone: string): Date => atHourIn(shiftDay(day, 1), RECONCILE_AT_HOUR, zone);

/** The latest day of `zone` whose daily run was due by `now`. */
export function lastDueDay(now: Date, zone: string): string {
  const yesterday = shiftDay(dayIn(now, zone), -1);
  return now >= dueTimeOf(yesterday, zone) ? yesterday : shiftDay(yesterday, -1);
}

/**
 * The daily reconciliation: a scheduled run (no data) reconciles the day of `zone` (the
 * organisation's) before its scheduled time; the run queued at start names its day. Each day is
 * reconciled once by the daily runs (`once`), however many processes start or how often; a
 * finance user's run always replaces it.
 */
export function registerDailyReconciliation(jobs: JobQueue, commands: CommandBus, zone: string): void {
  jobs.register<{ day: string } | null>(RECONCILE_DAY_JOB, async (data, job) => {
    const day = data?.day ?? shiftDay(dayIn(job.scheduledAt ?? new Date(), zone), -1);
    await commands.execute(new ReconcileDay({ day, once: true }, systemContext(DAILY_RUN)));
  });
}

/**
 * From processes that run workers: the run every day at 03:00 in `zone` (the organisation's), and
 * at start the last due day, which a portal that was down at 03:00 would otherwise never
 * reconcile. Returns a stop.
 */
export function keepReconcilingDaily(jobs: JobQueue, zone: string, now: () => Date = () => new Date()): () => void {
  return keepScheduled(jobs, RECONCILE_DAY_JOB, RECONCILE_SCHEDULE, {
    timeZone: zone,
    thenAtStart: () => {
      const day = lastDueDay(now(), zone);
      return jobs.enqueue(RECONCILE_DAY_JOB, { day }, { jobId: `reconcile-day-${day}`, attempts: 10, backoffMs: 60_000 });
    },
  });
}

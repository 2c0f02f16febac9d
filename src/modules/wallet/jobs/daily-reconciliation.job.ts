import type { CommandBus } from '@nestjs/cqrs';
import { addHours } from 'date-fns';

import { systemContext } from '../../../platform/event-store/new-event.js';
import type { JobQueue } from '../../../platform/jobs/job-queue.port.js';
import { ReconcileDay } from '../commands/reconcile-day/reconcile-day.command.js';
import { dayOf, shiftDay } from '../domain/reconciliation.js';

export const RECONCILE_DAY_JOB = 'reconcile-day';
/** Yesterday is reconciled at this hour (UTC), when late webhooks and the provider's own records have settled. */
export const RECONCILE_AT_HOUR_UTC = 3;

/** When the run for `day` is due: the next day at RECONCILE_AT_HOUR_UTC. */
export function dueTimeOf(day: string): Date {
  return addHours(new Date(`${shiftDay(day, 1)}T00:00:00Z`), RECONCILE_AT_HOUR_UTC);
}

/**
 * The daily reconciliation: each run reconciles one day and schedules the next day's run. Job
 * ids name the day, so however many processes schedule it, each day runs once.
 */
export function registerDailyReconciliation(jobs: JobQueue, commands: CommandBus): void {
  jobs.register<{ day: string }>(RECONCILE_DAY_JOB, async ({ day }) => {
    await commands.execute(new ReconcileDay({ day }, systemContext('daily-job')));
    await scheduleRun(jobs, shiftDay(day, 1), new Date());
  });
}

/** Called at start by processes that run workers: makes sure yesterday's and today's runs are queued. */
export async function scheduleDailyReconciliation(jobs: JobQueue, now = new Date()): Promise<void> {
  await scheduleRun(jobs, shiftDay(dayOf(now), -1), now);
  await scheduleRun(jobs, dayOf(now), now);
}

async function scheduleRun(jobs: JobQueue, day: string, now: Date): Promise<void> {
  const delayMs = Math.max(0, dueTimeOf(day).getTime() - now.getTime());
  await jobs.enqueue(RECONCILE_DAY_JOB, { day }, { jobId: `reconcile-day-${day}`, delayMs, attempts: 10, backoffMs: 60_000 });
}

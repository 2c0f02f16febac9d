import type { CommandBus } from '@nestjs/cqrs';

import { DomainError } from '../../../platform/domain/domain-error.js';
import { systemContext } from '../../../platform/event-store/new-event.js';
import type { JobQueue } from '../../../platform/jobs/job-queue.port.js';
import { keepScheduled } from '../../../platform/jobs/keep-scheduled.js';
import { OpenBonusRun } from '../commands/open-bonus-run/open-bonus-run.command.js';
import { BONUS_TIME_ZONE, weekEndedBefore } from '../domain/bonus-week.js';

export const OPEN_WEEKLY_BONUS_RUN = 'open-weekly-bonus-run';
/** The actor of the runs the schedule opens. */
export const WEEKLY_RUN = 'weekly-bonus-job';

/**
 * Opens the run for the week that has just ended (a queued run names its week). A week that
 * already has a run is left as it is: the schedule and an admin may both get there.
 */
export function registerWeeklyBonusRun(jobs: JobQueue, commands: CommandBus): void {
  jobs.register<{ week: string } | null>(OPEN_WEEKLY_BONUS_RUN, async (data, job) => {
    const week = data?.week ?? weekEndedBefore(job.scheduledAt ?? new Date());
    try {
      await commands.execute(new OpenBonusRun({ week }, systemContext(WEEKLY_RUN)));
    } catch (error) {
      if (!(error instanceof DomainError && error.code === 'BONUS_RUN_EXISTS')) throw error;
    }
  });
}

/**
 * From processes that run workers: the weekly run on BONUS_RUN_SCHEDULE (New York time) and, at
 * start, the run of the week that ended last, which a portal down at the scheduled time would
 * otherwise miss. Returns a stop.
 */
export function keepOpeningWeeklyRuns(jobs: JobQueue, schedule: string, now: () => Date = () => new Date()): () => void {
  return keepScheduled(jobs, OPEN_WEEKLY_BONUS_RUN, schedule, {
    timeZone: BONUS_TIME_ZONE,
    thenAtStart: () => {
      const week = weekEndedBefore(now());
      return jobs.enqueue(OPEN_WEEKLY_BONUS_RUN, { week }, { jobId: `open-bonus-run-${week}`, attempts: 10, backoffMs: 60_000 });
    },
  });
}

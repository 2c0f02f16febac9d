import type { CommandBus } from '@nestjs/cqrs';

import { systemContext } from '../../../platform/event-store/new-event.js';
import type { JobQueue } from '../../../platform/jobs/job-queue.port.js';
import { ExtendPrepSessions } from '../commands/extend-prep-sessions/extend-prep-sessions.command.js';

export const EXTEND_PREP_SESSIONS = 'extend-prep-sessions';
/** Often enough that a weekend entering the three-month window is there the same day. */
export const EXTEND_EVERY_MS = 6 * 60 * 60 * 1000;

export function registerExtendPrepSessions(jobs: JobQueue, commands: CommandBus, capacity: number): void {
  jobs.register(EXTEND_PREP_SESSIONS, async (_data, job) => {
    await commands.execute(new ExtendPrepSessions({ capacity }, systemContext(EXTEND_PREP_SESSIONS, job.scheduledAt ?? new Date())));
  });
}

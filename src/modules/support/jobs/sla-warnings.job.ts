import type { CommandBus } from '@nestjs/cqrs';

import { systemContext } from '../../../platform/event-store/new-event.js';
import type { JobQueue } from '../../../platform/jobs/job-queue.port.js';
import { WarnSlaDeadlines } from '../commands/warn-sla-deadlines/warn-sla-deadlines.command.js';

export const WARN_SLA_DEADLINES = 'warn-sla-deadlines';

/** The SLA warning sweep (scheduled by the module, each run once across processes). */
export function registerSlaWarningJobs(jobs: JobQueue, commands: CommandBus): void {
  jobs.register(WARN_SLA_DEADLINES, async () => {
    await commands.execute(new WarnSlaDeadlines({}, systemContext(WARN_SLA_DEADLINES)));
  });
}

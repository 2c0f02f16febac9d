import type { CommandBus } from '@nestjs/cqrs';

import type { JsonEvent } from '../../../platform/event-store/json-event.js';
import type { JobTrigger } from '../../../platform/jobs/event-job-dispatcher.js';
import type { JobQueue } from '../../../platform/jobs/job-queue.port.js';
import { stepFrom } from '../../../platform/processes/process-step.js';
import { ImportAgedLeads } from '../commands/import-aged-leads/import-aged-leads.command.js';

export const IMPORT_AGED_LEADS = 'import-aged-leads';
const ATTEMPTS = 3;

type AgedImportStarted = JsonEvent & { readonly data: { readonly importId: string } };

/** An accepted CSV file is imported by a job started from its stored AgedImportStarted, for the admin who sent it. */
export const agedImportTriggers: readonly JobTrigger[] = [
  { eventType: 'AgedImportStarted', job: IMPORT_AGED_LEADS, options: { attempts: ATTEMPTS, backoffMs: 2_000 } },
];

export function registerAgedImportJobs(jobs: JobQueue, commands: CommandBus): void {
  jobs.register<{ event: AgedImportStarted }>(IMPORT_AGED_LEADS, ({ event }, { attempt }) => {
    const step = stepFrom(event);
    return commands.execute(new ImportAgedLeads({ importId: event.data.importId, lastAttempt: attempt >= ATTEMPTS }, step.context, step.idempotencyKey));
  });
}

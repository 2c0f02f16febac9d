import { Command } from '@nestjs/cqrs';

import type { CommandContext } from '../../../../platform/event-store/new-event.js';

export type ImportAgedLeadsInput = {
  readonly importId: string;
  /** The job's last attempt: a failure now ends the import as failed, with its reason, rather than waiting for a retry. */
  readonly lastAttempt: boolean;
};

/**
 * Stores an accepted CSV file's rows (StartAgedImport), batch by batch from where the import
 * stands: each row checked as intake checks a lead, the good ones received set-based as intake
 * receives them, and the import's progress and report committed with each batch. A run that
 * finds the import finished, or moved on by another run, stops.
 */
export class ImportAgedLeads extends Command<void> {
  constructor(
    readonly input: ImportAgedLeadsInput,
    readonly context: CommandContext,
    readonly idempotencyKey?: string,
  ) {
    super();
  }
}

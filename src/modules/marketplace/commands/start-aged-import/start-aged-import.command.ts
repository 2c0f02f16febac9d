import { Command } from '@nestjs/cqrs';

import type { CommandContext } from '../../../../platform/event-store/new-event.js';
import type { AgedImportView } from '../../queries/get-aged-import/get-aged-import.query.js';

export type StartAgedImportInput = {
  readonly vendorId: string;
  /** The file's text, already read whole and found usable (a header with the required columns, 1 to 10,000 rows). */
  readonly csv: string;
  readonly rows: number;
  readonly fileName: string | null;
};

/**
 * An admin hands in an aged-lead CSV file: it is kept and queued, and a job stores its rows in
 * batches (ImportAgedLeads) while the admin watches its progress. The same idempotency key
 * (an upload sent again) answers the import it started.
 */
export class StartAgedImport extends Command<AgedImportView> {
  constructor(
    readonly input: StartAgedImportInput,
    readonly context: CommandContext,
    readonly idempotencyKey?: string,
  ) {
    super();
  }
}

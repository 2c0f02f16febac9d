import { Command } from '@nestjs/cqrs';

import type { CommandContext } from '../../../../platform/event-store/new-event.js';
import type { ReconciliationTotals } from '../../domain/reconciliation.js';

export type ReconciliationRun = { readonly day: string; readonly totals: ReconciliationTotals };

/** Matches the card provider's records of one UTC day against the ledger and keeps the report (a new run replaces it). */
export class ReconcileDay extends Command<ReconciliationRun> {
  constructor(
    /** The UTC day, as YYYY-MM-DD. */
    readonly input: { readonly day: string },
    /** Who ran it (the report's run_by): a finance user, or the daily job. */
    readonly context: CommandContext,
  ) {
    super();
  }
}

import { Command } from '@nestjs/cqrs';

import type { CommandContext } from '../../../../platform/event-store/new-event.js';
import type { ReconciliationTotals } from '../../domain/reconciliation.js';

export type ReconciliationRun = { readonly day: string; readonly totals: ReconciliationTotals };

export type ReconcileDayInput = {
  /** The day, as YYYY-MM-DD: a calendar day of the organisation's time zone (ORG_TIME_ZONE). */
  readonly day: string;
  /** Keep a report this actor already made for the day instead of running again (the daily runs). */
  readonly once?: boolean;
};

/** Matches the card provider's records of one day of the organisation's time zone against the ledger and keeps the report (a new run replaces it). */
export class ReconcileDay extends Command<ReconciliationRun> {
  constructor(
    readonly input: ReconcileDayInput,
    /** Who ran it (the report's run_by): a finance user, or the daily job. */
    readonly context: CommandContext,
  ) {
    super();
  }
}

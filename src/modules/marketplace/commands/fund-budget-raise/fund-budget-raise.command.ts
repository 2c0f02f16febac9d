import { Command } from '@nestjs/cqrs';

import type { CommandContext } from '../../../../platform/event-store/new-event.js';
import type { CampaignEvent } from '../../contracts/campaign-events.js';

/**
 * The wallet's side of a budget raise: the campaign's hold grows by the raise, and the campaign
 * records whether it did (RecordBudgetRaise).
 * A process step started from the stored BudgetRaiseRequested: its key is that event's id (stepFrom), so a
 * job that runs twice moves money once.
 */
export class FundBudgetRaise extends Command<void> {
  constructor(
    readonly input: Extract<CampaignEvent, { type: 'BudgetRaiseRequested' }>['data'],
    readonly context: CommandContext,
    readonly idempotencyKey: string,
  ) {
    super();
  }
}

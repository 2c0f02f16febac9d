import { Command } from '@nestjs/cqrs';

import type { CommandContext } from '../../../../platform/event-store/new-event.js';
import type { CampaignEvent } from '../../contracts/campaign-events.js';

/**
 * The wallet's side of a lowered budget: the campaign's hold releases what was taken off (all
 * of it that is left when leads were bought since the budget was checked).
 * A process step started from the stored BudgetLowered: its key is that event's id (stepFrom), so a
 * job that runs twice moves money once.
 */
export class ReleaseLoweredBudget extends Command<void> {
  constructor(
    readonly input: Extract<CampaignEvent, { type: 'BudgetLowered' }>['data'],
    readonly context: CommandContext,
    readonly idempotencyKey: string,
  ) {
    super();
  }
}

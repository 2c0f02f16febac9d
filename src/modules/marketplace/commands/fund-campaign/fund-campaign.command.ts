import { Command } from '@nestjs/cqrs';

import type { CommandContext } from '../../../../platform/event-store/new-event.js';
import type { CampaignEvent } from '../../contracts/campaign-events.js';

/**
 * The wallet's side of a created campaign: its owner's wallet holds the budget (a hold with the
 * campaign's id), and the campaign records whether it did (RecordCampaignFunding).
 * A process step started from the stored CampaignCreated: its key is that event's id (stepFrom), so a
 * job that runs twice moves money once.
 */
export class FundCampaign extends Command<void> {
  constructor(
    readonly input: Extract<CampaignEvent, { type: 'CampaignCreated' }>['data'],
    readonly context: CommandContext,
    readonly idempotencyKey: string,
  ) {
    super();
  }
}

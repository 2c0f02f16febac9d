import { Command } from '@nestjs/cqrs';

import type { CommandContext } from '../../../../platform/event-store/new-event.js';
import type { CampaignEvent } from '../../contracts/campaign-events.js';

/**
 * The wallet's side of an ended campaign: its hold is closed and what is left of it released.
 * A process step started from the stored CampaignEnded: its key is that event's id (stepFrom), so a
 * job that runs twice moves money once.
 */
export class ReleaseCampaignBudget extends Command<void> {
  constructor(
    readonly input: Extract<CampaignEvent, { type: 'CampaignEnded' }>['data'],
    readonly context: CommandContext,
    readonly idempotencyKey: string,
  ) {
    super();
  }
}

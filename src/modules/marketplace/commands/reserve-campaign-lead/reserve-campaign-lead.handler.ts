import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import { handleCommand } from '../../../../platform/event-store/command-handling.js';
import type { EventStore } from '../../../../platform/event-store/event-store.port.js';
import { STEP_CONFLICT_RETRIES } from '../../../../platform/processes/process-step.js';
import { EVENT_STORE } from '../../../../platform/tokens.js';
import { campaignStream } from '../../contracts/campaign-events.js';
import { campaignDecider } from '../../domain/campaign.decider.js';
import { ReserveCampaignLead } from './reserve-campaign-lead.command.js';

@CommandHandler(ReserveCampaignLead)
export class ReserveCampaignLeadHandler implements ICommandHandler<ReserveCampaignLead, void> {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  async execute({ input, context, idempotencyKey }: ReserveCampaignLead): Promise<void> {
    await handleCommand({
      store: this.store,
      streamId: campaignStream(input.campaignId),
      decider: campaignDecider,
      command: { type: 'ReserveLead', ...input },
      context,
      idempotencyKey,
      conflictRetries: STEP_CONFLICT_RETRIES,
    });
  }
}

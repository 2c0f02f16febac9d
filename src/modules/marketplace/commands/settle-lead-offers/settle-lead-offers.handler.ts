import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import { handleCommand } from '../../../../platform/event-store/command-handling.js';
import type { EventStore } from '../../../../platform/event-store/event-store.port.js';
import { STEP_CONFLICT_RETRIES } from '../../../../platform/processes/process-step.js';
import { EVENT_STORE } from '../../../../platform/tokens.js';
import { leadStream } from '../../contracts/lead-events.js';
import { leadDecider, type LeadState } from '../../domain/lead.decider.js';
import { SettleLeadOffers } from './settle-lead-offers.command.js';

@CommandHandler(SettleLeadOffers)
export class SettleLeadOffersHandler implements ICommandHandler<SettleLeadOffers, LeadState> {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  async execute({ input, context, idempotencyKey }: SettleLeadOffers): Promise<LeadState> {
    const result = await handleCommand({
      store: this.store,
      streamId: leadStream(input.leadId),
      decider: leadDecider,
      command: { type: 'Settle', ...input },
      context,
      idempotencyKey,
      conflictRetries: STEP_CONFLICT_RETRIES,
    });
    return result.state;
  }
}

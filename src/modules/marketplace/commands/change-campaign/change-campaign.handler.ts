import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import { handleCommand } from '../../../../platform/event-store/command-handling.js';
import type { EventStore } from '../../../../platform/event-store/event-store.port.js';
import type { CommandContext } from '../../../../platform/event-store/new-event.js';
import { EVENT_STORE } from '../../../../platform/tokens.js';
import { campaignStream, type CampaignEvent } from '../../contracts/campaign-events.js';
import { campaignDecider, type CampaignCommand, type CampaignState } from '../../domain/campaign.decider.js';

export type CampaignAnswer = { readonly state: CampaignState; readonly version: bigint; readonly stored: readonly CampaignEvent['type'][] };

/**
 * Any decision on one campaign's stream (create, pause, budget, end, and the wallet's answers
 * recorded by the process steps): the decider holds the rules, this runs it with the version
 * it read and the command's idempotency key.
 */
export class DecideCampaign extends Command<CampaignAnswer> {
  constructor(
    readonly command: CampaignCommand,
    readonly context: CommandContext,
    readonly idempotencyKey: string,
    readonly conflictRetries?: number,
  ) {
    super();
  }
}

@CommandHandler(DecideCampaign)
export class DecideCampaignHandler implements ICommandHandler<DecideCampaign, CampaignAnswer> {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  async execute({ command, context, idempotencyKey, conflictRetries }: DecideCampaign): Promise<CampaignAnswer> {
    const result = await handleCommand({
      store: this.store,
      streamId: campaignStream(command.campaignId),
      decider: campaignDecider,
      command,
      context,
      idempotencyKey,
      ...(conflictRetries === undefined ? {} : { conflictRetries }),
    });
    return { state: result.state, version: result.version, stored: result.stored.map((event) => event.type as CampaignEvent['type']) };
  }
}

import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import { handleCommand } from '../../../../platform/event-store/command-handling.js';
import type { EventStore } from '../../../../platform/event-store/event-store.port.js';
import type { JsonEvent } from '../../../../platform/event-store/json-event.js';
import { stepFrom } from '../../../../platform/processes/process-step.js';
import { EVENT_STORE } from '../../../../platform/tokens.js';
import { accessCodeStream } from '../../contracts/access-streams.js';
import { accessCodeDecider } from '../../domain/access-code.decider.js';
import type { AgentAccessEvent } from '../../domain/agent-access.decider.js';

export type RedemptionRequested = JsonEvent & Extract<AgentAccessEvent, { type: 'AccessCodeRedemptionRequested' }>;

export class RedeemAccessCode extends Command<void> {
  constructor(readonly requested: RedemptionRequested) {
    super();
  }
}

/**
 * Step 2 of a redemption, started from the agent's stored request: the code's stream decides
 * whether it may be used once more (enabled, not expired, under its maximum uses) and records
 * the answer either way.
 */
@CommandHandler(RedeemAccessCode)
export class RedeemAccessCodeHandler implements ICommandHandler<RedeemAccessCode, void> {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  async execute({ requested }: RedeemAccessCode): Promise<void> {
    const { codeId, userId, redemptionId } = requested.data;
    await handleCommand({
      store: this.store,
      streamId: accessCodeStream(codeId),
      decider: accessCodeDecider,
      command: { type: 'RedeemAccessCode', userId, redemptionId },
      ...stepFrom(requested),
    });
  }
}

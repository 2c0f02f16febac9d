import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import { handleCommand } from '../../../../platform/event-store/command-handling.js';
import type { EventStore } from '../../../../platform/event-store/event-store.port.js';
import { STEP_CONFLICT_RETRIES } from '../../../../platform/processes/process-step.js';
import { EVENT_STORE } from '../../../../platform/tokens.js';
import { accessCodeStream } from '../../contracts/access-streams.js';
import { accessCodeDecider } from '../../domain/access-code.decider.js';
import { RedeemAccessCode } from './redeem-access-code.command.js';

/**
 * Step 2 of a redemption, started from the agent's stored request: the code's stream decides
 * whether it may be used once more (enabled, not expired, under its maximum uses) and records
 * the answer either way.
 */
@CommandHandler(RedeemAccessCode)
export class RedeemAccessCodeHandler implements ICommandHandler<RedeemAccessCode, void> {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  async execute({ input: { codeId, userId, redemptionId }, context, idempotencyKey }: RedeemAccessCode): Promise<void> {
    await handleCommand({
      store: this.store,
      streamId: accessCodeStream(codeId),
      decider: accessCodeDecider,
      command: { type: 'RedeemAccessCode', userId, redemptionId },
      context,
      idempotencyKey,
      conflictRetries: STEP_CONFLICT_RETRIES,
    });
  }
}

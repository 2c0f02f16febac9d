import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import { handleCommand } from '../../../../platform/event-store/command-handling.js';
import type { EventStore } from '../../../../platform/event-store/event-store.port.js';
import { STEP_CONFLICT_RETRIES } from '../../../../platform/processes/process-step.js';
import { EVENT_STORE } from '../../../../platform/tokens.js';
import { agentAccessStream } from '../../contracts/access-streams.js';
import { agentAccessDecider } from '../../domain/agent-access.decider.js';
import { CompleteAccessCodeRedemption } from './complete-access-code-redemption.command.js';

/**
 * Step 3, started from the code's stored answer: the agent's stream turns the pending
 * redemption into elevated access, or into a failed attempt. It always completes: the
 * attempt was already counted against the lockout when it was requested.
 */
@CommandHandler(CompleteAccessCodeRedemption)
export class CompleteAccessCodeRedemptionHandler implements ICommandHandler<CompleteAccessCodeRedemption, void> {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  async execute({ input, context, idempotencyKey }: CompleteAccessCodeRedemption): Promise<void> {
    const { userId, redemptionId } = input;
    // Redemptions recorded before they became a process have nothing pending to complete.
    if (!redemptionId) return;
    const outcome =
      input.answer === 'AccessCodeRedeemed' && 'grantsHours' in input && input.grantsHours
        ? { granted: true as const, hours: input.grantsHours, redeemedAt: input.answeredAt }
        : { granted: false as const };
    await handleCommand({
      store: this.store,
      streamId: agentAccessStream(userId),
      decider: agentAccessDecider,
      command: { type: 'CompleteRedemption', userId, redemptionId, outcome },
      context,
      idempotencyKey,
      conflictRetries: STEP_CONFLICT_RETRIES,
    });
  }
}

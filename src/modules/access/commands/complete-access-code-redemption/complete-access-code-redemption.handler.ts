import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import { handleCommand } from '../../../../platform/event-store/command-handling.js';
import type { EventStore } from '../../../../platform/event-store/event-store.port.js';
import type { JsonEvent } from '../../../../platform/event-store/json-event.js';
import { stepFrom } from '../../../../platform/processes/process-step.js';
import { EVENT_STORE } from '../../../../platform/tokens.js';
import { agentAccessStream } from '../../contracts/access-streams.js';
import type { AccessCodeEvent } from '../../domain/access-code.decider.js';
import { agentAccessDecider } from '../../domain/agent-access.decider.js';

export type RedemptionAnswer = JsonEvent & Extract<AccessCodeEvent, { type: 'AccessCodeRedeemed' | 'AccessCodeRedemptionRefused' }>;

export class CompleteAccessCodeRedemption extends Command<void> {
  constructor(readonly answer: RedemptionAnswer) {
    super();
  }
}

/**
 * Step 3, started from the code's stored answer: the agent's stream turns the pending
 * redemption into elevated access, or into a failed attempt. It always completes: the
 * attempt was already counted against the lockout when it was requested.
 */
@CommandHandler(CompleteAccessCodeRedemption)
export class CompleteAccessCodeRedemptionHandler implements ICommandHandler<CompleteAccessCodeRedemption, void> {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  async execute({ answer }: CompleteAccessCodeRedemption): Promise<void> {
    const { userId, redemptionId } = answer.data;
    // Redemptions recorded before they became a process have nothing pending to complete.
    if (!redemptionId) return;
    const outcome =
      answer.type === 'AccessCodeRedeemed' && answer.data.grantsHours
        ? { granted: true as const, hours: answer.data.grantsHours, redeemedAt: answer.metadata.occurredAt }
        : { granted: false as const };
    await handleCommand({
      store: this.store,
      streamId: agentAccessStream(userId),
      decider: agentAccessDecider,
      command: { type: 'CompleteRedemption', userId, redemptionId, outcome },
      ...stepFrom(answer),
    });
  }
}

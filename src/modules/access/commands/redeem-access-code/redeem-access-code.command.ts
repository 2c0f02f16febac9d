import { Command } from '@nestjs/cqrs';

import type { JsonEvent } from '../../../../platform/event-store/json-event.js';
import type { CommandContext } from '../../../../platform/event-store/new-event.js';
import type { AgentAccessEvent } from '../../domain/agent-access.decider.js';

export type RedemptionRequested = JsonEvent & Extract<AgentAccessEvent, { type: 'AccessCodeRedemptionRequested' }>;

/** Step 2 of a redemption, from the agent's stored request (its data; the key is its id, from stepFrom). */
export class RedeemAccessCode extends Command<void> {
  constructor(
    readonly input: RedemptionRequested['data'],
    readonly context: CommandContext,
    readonly idempotencyKey: string,
  ) {
    super();
  }
}

import { Command } from '@nestjs/cqrs';

import type { CommandContext } from '../../../../platform/event-store/new-event.js';

/**
 * After money left a wallet: looks at the balance and starts a recharge if the agent's settings
 * say so. A process step: the key is the id of the wallet event that caused it (stepFrom), and
 * also names the attempt.
 */
export class TriggerAutoRecharge extends Command<void> {
  constructor(
    readonly input: { readonly userId: string },
    readonly context: CommandContext,
    readonly idempotencyKey: string,
  ) {
    super();
  }
}

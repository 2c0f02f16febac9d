import { Command } from '@nestjs/cqrs';

import type { CommandContext } from '../../../../platform/event-store/new-event.js';
import type { AutoRechargeEvent } from '../../domain/auto-recharge.decider.js';

export type ChargeAutoRechargeInput = Extract<AutoRechargeEvent, { type: 'AutoRechargeStarted' }>['data'];

/**
 * Charges the saved card for a recharge that was started (AutoRechargeStarted's data), and
 * records the outcome. A process step: the key is the started event's id (stepFrom).
 */
export class ChargeAutoRecharge extends Command<void> {
  constructor(
    readonly input: ChargeAutoRechargeInput,
    readonly context: CommandContext,
    readonly idempotencyKey: string,
  ) {
    super();
  }
}

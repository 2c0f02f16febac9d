import { Command } from '@nestjs/cqrs';

import type { JsonEvent } from '../../../../platform/event-store/json-event.js';
import type { CommandContext } from '../../../../platform/event-store/new-event.js';
import type { WalletEvent } from '../../../wallet/contracts/wallet-events.js';

export type WalletChargedEvent = JsonEvent & Extract<WalletEvent, { type: 'WalletCharged' }>;
export type CompleteLeadOrderInput = WalletChargedEvent['data'];

/** The last step of an order from the inventory (aged or business leads), started from the wallet's stored charge (its data; the key is its id). */
export class CompleteLeadOrder extends Command<void> {
  constructor(
    readonly input: CompleteLeadOrderInput,
    readonly context: CommandContext,
    readonly idempotencyKey: string,
  ) {
    super();
  }
}

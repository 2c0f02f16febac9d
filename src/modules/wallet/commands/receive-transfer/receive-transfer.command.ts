import { Command } from '@nestjs/cqrs';

import type { JsonEvent } from '../../../../platform/event-store/json-event.js';
import type { CommandContext } from '../../../../platform/event-store/new-event.js';
import type { WalletEvent } from '../../contracts/wallet-events.js';

export type TransferSentEvent = JsonEvent & Extract<WalletEvent, { type: 'TransferSent' }>;
export type ReceiveTransferInput = TransferSentEvent['data'];

/** Last step of a transfer, started from the sender's stored TransferSent (its data; the key is its id, from stepFrom). */
export class ReceiveTransfer extends Command<void> {
  constructor(
    readonly input: ReceiveTransferInput,
    readonly context: CommandContext,
    readonly idempotencyKey: string,
  ) {
    super();
  }
}

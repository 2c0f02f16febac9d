import { Command } from '@nestjs/cqrs';

import type { CommandContext } from '../../../../platform/event-store/new-event.js';

export type TransferAnswer = {
  readonly transferId: string;
  /** 'completed' once the recipient's wallet holds the money; 'pending' while the credit is still on its way (it always arrives). */
  readonly status: 'completed' | 'pending';
  /** The sender's available balance after the transfer left it. */
  readonly availableCents: number;
};

export type SendTransferInput = {
  readonly senderUserId: string;
  readonly recipientEmail: string;
  readonly amountCents: number;
  readonly description: string;
  /** How long the answer waits for the recipient's credit before answering 'pending' (TRANSFER_CREDIT_WAIT_MS when not given). */
  readonly waitMs?: number;
};

/** The spec's transfer-money, sent by the signed-in agent (always the sender: nobody sends from another's wallet). */
export class SendTransfer extends Command<TransferAnswer> {
  constructor(
    readonly input: SendTransferInput,
    readonly context: CommandContext,
    readonly idempotencyKey: string,
  ) {
    super();
  }
}

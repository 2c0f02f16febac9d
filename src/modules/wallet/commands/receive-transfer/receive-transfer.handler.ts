import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type pg from 'pg';

import type { JsonEvent } from '../../../../platform/event-store/json-event.js';
import { stepFrom } from '../../../../platform/processes/process-step.js';
import { SQL_POOL } from '../../../../platform/tokens.js';
import { userLabels } from '../../../identity/contracts/user-directory.js';
import type { WalletEvent } from '../../contracts/wallet-events.js';
import { WalletLedger } from '../../services/wallet-ledger.js';

export type TransferSentEvent = JsonEvent & Extract<WalletEvent, { type: 'TransferSent' }>;

/** Last step of a transfer, started from the sender's stored TransferSent. */
export class ReceiveTransfer extends Command<void> {
  constructor(readonly sent: TransferSentEvent) {
    super();
  }
}

/**
 * Credits the recipient's wallet with a transfer (docs/processes.md): decided on the
 * recipient's stream only, never refused (the sender's wallet decided everything that could
 * refuse it), with event ids derived from the TransferSent event, so a job delivered twice
 * credits once.
 */
@CommandHandler(ReceiveTransfer)
export class ReceiveTransferHandler implements ICommandHandler<ReceiveTransfer, void> {
  constructor(
    private readonly ledger: WalletLedger,
    @Inject(SQL_POOL) private readonly pool: pg.Pool,
  ) {}

  async execute({ sent }: ReceiveTransfer): Promise<void> {
    const { userId: senderUserId, recipientUserId, transferId, amountCents, description } = sent.data;
    const senderEmail = (await userLabels(this.pool, [senderUserId])).get(senderUserId)?.email ?? '';
    const { context, idempotencyKey } = stepFrom(sent);
    // A repeat on a wallet whose debt changed since decides a different batch; the command path
    // recognises it by its first event id (handleCommand) and stores nothing.
    await this.ledger.decide(
      { type: 'ReceiveTransfer', userId: recipientUserId, transferId, amountCents, senderUserId, senderEmail, description },
      context,
      idempotencyKey,
    );
  }
}

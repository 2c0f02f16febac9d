import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type pg from 'pg';

import { SQL_POOL } from '../../../../platform/tokens.js';
import { userLabels } from '../../../identity/contracts/user-directory.js';
import { WalletLedger } from '../../services/wallet-ledger.js';
import { ReceiveTransfer } from './receive-transfer.command.js';

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

  async execute({ input, context, idempotencyKey }: ReceiveTransfer): Promise<void> {
    const { userId: senderUserId, recipientUserId, transferId, amountCents, description } = input;
    const senderEmail = (await userLabels(this.pool, [senderUserId])).get(senderUserId)?.email ?? '';
    // A repeat on a wallet whose debt changed since decides a different batch; the command path
    // recognises it by its first event id (handleCommand) and stores nothing.
    await this.ledger.decide(
      { type: 'ReceiveTransfer', userId: recipientUserId, transferId, amountCents, senderUserId, senderEmail, description },
      context,
      idempotencyKey,
    );
  }
}

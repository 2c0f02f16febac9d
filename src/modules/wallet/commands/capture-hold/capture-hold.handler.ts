import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import type { WalletAnswer } from '../../contracts/wallet-commands.js';
import { WalletLedger } from '../../services/wallet-ledger.js';
import { CaptureHold } from './capture-hold.command.js';

/** Spends part of a hold (one lead's price), never beyond it. */
@CommandHandler(CaptureHold)
export class CaptureHoldHandler implements ICommandHandler<CaptureHold, WalletAnswer> {
  constructor(private readonly ledger: WalletLedger) {}

  execute({ input: i, context, idempotencyKey }: CaptureHold): Promise<WalletAnswer> {
    return this.ledger.decide(
      {
        type: 'CaptureHold',
        userId: i.userId,
        holdId: i.holdId,
        captureId: i.captureId,
        amountCents: i.amountCents,
        cause: i.cause,
        description: i.description,
      },
      context,
      idempotencyKey,
    );
  }
}

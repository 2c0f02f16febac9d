import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import type { WalletAnswer } from '../../contracts/wallet-commands.js';
import { WalletLedger } from '../../services/wallet-ledger.js';
import { PlaceHold } from './place-hold.command.js';

/** Reserves money (a campaign's budget) within the available balance. */
@CommandHandler(PlaceHold)
export class PlaceHoldHandler implements ICommandHandler<PlaceHold, WalletAnswer> {
  constructor(private readonly ledger: WalletLedger) {}

  execute({ input: i, context, idempotencyKey }: PlaceHold): Promise<WalletAnswer> {
    return this.ledger.decide(
      {
        type: 'PlaceHold',
        userId: i.userId,
        holdId: i.holdId,
        amountCents: i.amountCents,
        cause: i.cause,
        expiresAt: i.expiresAt ? i.expiresAt.toISOString() : null,
      },
      context,
      idempotencyKey,
    );
  }
}

import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import type { WalletAnswer } from '../../contracts/wallet-commands.js';
import { WalletLedger } from '../../services/wallet-ledger.js';
import { ReleaseHold } from './release-hold.command.js';

/** Returns part or all of what is left of a hold. */
@CommandHandler(ReleaseHold)
export class ReleaseHoldHandler implements ICommandHandler<ReleaseHold, WalletAnswer> {
  constructor(private readonly ledger: WalletLedger) {}

  execute({ input: i, context, idempotencyKey }: ReleaseHold): Promise<WalletAnswer> {
    return this.ledger.decide(
      { type: 'ReleaseHold', userId: i.userId, holdId: i.holdId, amountCents: i.amountCents ?? null, close: i.close, reason: i.reason },
      context,
      idempotencyKey,
    );
  }
}

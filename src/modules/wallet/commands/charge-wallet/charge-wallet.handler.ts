import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import type { WalletAnswer } from '../../contracts/wallet-commands.js';
import { WalletLedger } from '../../services/wallet-ledger.js';
import { ChargeWallet } from './charge-wallet.command.js';

/** A one-off purchase from the available balance. */
@CommandHandler(ChargeWallet)
export class ChargeWalletHandler implements ICommandHandler<ChargeWallet, WalletAnswer> {
  constructor(private readonly ledger: WalletLedger) {}

  execute({ input: i, context, idempotencyKey }: ChargeWallet): Promise<WalletAnswer> {
    return this.ledger.decide(
      { type: 'Charge', userId: i.userId, chargeId: i.chargeId, amountCents: i.amountCents, cause: i.cause, description: i.description },
      context,
      idempotencyKey,
    );
  }
}

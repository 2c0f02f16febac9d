import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import { ChargeWallet, type WalletAnswer } from '../../contracts/wallet-commands.js';
import { WalletLedger } from '../../services/wallet-ledger.js';

/** A one-off purchase from the available balance. */
@CommandHandler(ChargeWallet)
export class ChargeWalletHandler implements ICommandHandler<ChargeWallet, WalletAnswer> {
  constructor(private readonly ledger: WalletLedger) {}

  execute({ input: i }: ChargeWallet): Promise<WalletAnswer> {
    return this.ledger.decide(
      { type: 'Charge', userId: i.userId, chargeId: i.chargeId, amountCents: i.amountCents, cause: i.cause, description: i.description },
      i.context,
      i.idempotencyKey,
    );
  }
}

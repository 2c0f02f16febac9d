import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import { IncreaseHold, type WalletAnswer } from '../../contracts/wallet-commands.js';
import { WalletLedger } from '../../services/wallet-ledger.js';

/** Reserves more on an open hold (a raised budget). */
@CommandHandler(IncreaseHold)
export class IncreaseHoldHandler implements ICommandHandler<IncreaseHold, WalletAnswer> {
  constructor(private readonly ledger: WalletLedger) {}

  execute({ input: i }: IncreaseHold): Promise<WalletAnswer> {
    return this.ledger.decide({ type: 'IncreaseHold', userId: i.userId, holdId: i.holdId, amountCents: i.amountCents }, i.context, i.idempotencyKey);
  }
}

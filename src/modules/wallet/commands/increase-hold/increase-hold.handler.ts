import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import type { WalletAnswer } from '../../contracts/wallet-commands.js';
import { WalletLedger } from '../../services/wallet-ledger.js';
import { IncreaseHold } from './increase-hold.command.js';

/** Reserves more on an open hold (a raised budget). */
@CommandHandler(IncreaseHold)
export class IncreaseHoldHandler implements ICommandHandler<IncreaseHold, WalletAnswer> {
  constructor(private readonly ledger: WalletLedger) {}

  execute({ input: i, context, idempotencyKey }: IncreaseHold): Promise<WalletAnswer> {
    return this.ledger.decide({ type: 'IncreaseHold', userId: i.userId, holdId: i.holdId, amountCents: i.amountCents }, context, idempotencyKey);
  }
}

import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import type { WalletAnswer } from '../../contracts/wallet-commands.js';
import { WalletLedger } from '../../services/wallet-ledger.js';
import { AdjustBalance } from './adjust-balance.command.js';

@CommandHandler(AdjustBalance)
export class AdjustBalanceHandler implements ICommandHandler<AdjustBalance, WalletAnswer> {
  constructor(private readonly ledger: WalletLedger) {}

  execute({ input, context, idempotencyKey }: AdjustBalance): Promise<WalletAnswer> {
    return this.ledger.decide({ type: 'AdjustBalance', ...input }, context, idempotencyKey);
  }
}

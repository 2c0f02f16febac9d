import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import type { WalletAnswer } from '../../contracts/wallet-commands.js';
import { WalletLedger } from '../../services/wallet-ledger.js';
import { AddTestCredit } from './add-test-credit.command.js';

@CommandHandler(AddTestCredit)
export class AddTestCreditHandler implements ICommandHandler<AddTestCredit, WalletAnswer> {
  constructor(private readonly ledger: WalletLedger) {}

  execute({ input, context, idempotencyKey }: AddTestCredit): Promise<WalletAnswer> {
    return this.ledger.decide({ type: 'AddTestCredit', ...input }, context, idempotencyKey);
  }
}

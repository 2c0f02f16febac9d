import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import type { CommandContext } from '../../../../platform/event-store/new-event.js';
import type { WalletAnswer } from '../../contracts/wallet-commands.js';
import { WalletLedger } from '../../services/wallet-ledger.js';

/** The testing page's credit (the spec's test-add-balance), admins only, labelled as test credit wherever it shows. */
export class AddTestCredit extends Command<WalletAnswer> {
  constructor(
    readonly input: { userId: string; creditId: string; amountCents: number },
    readonly context: CommandContext,
    readonly idempotencyKey: string,
  ) {
    super();
  }
}

@CommandHandler(AddTestCredit)
export class AddTestCreditHandler implements ICommandHandler<AddTestCredit, WalletAnswer> {
  constructor(private readonly ledger: WalletLedger) {}

  execute({ input, context, idempotencyKey }: AddTestCredit): Promise<WalletAnswer> {
    return this.ledger.decide({ type: 'AddTestCredit', ...input }, context, idempotencyKey);
  }
}

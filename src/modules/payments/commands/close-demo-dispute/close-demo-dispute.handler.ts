import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import { CARD_PAYMENTS, type CardPayments, type ProviderDispute } from '../../contracts/card-payments.port.js';
import { demoProvider } from '../../domain/demo-provider.js';

/** On the demo provider an admin plays the card holder's bank: a dispute is won (money back) or lost. */
export class CloseDemoDispute extends Command<ProviderDispute> {
  constructor(
    readonly disputeId: string,
    readonly outcome: 'won' | 'lost',
  ) {
    super();
  }
}

@CommandHandler(CloseDemoDispute)
export class CloseDemoDisputeHandler implements ICommandHandler<CloseDemoDispute, ProviderDispute> {
  constructor(@Inject(CARD_PAYMENTS) private readonly payments: CardPayments) {}

  execute({ disputeId, outcome }: CloseDemoDispute) {
    return demoProvider(this.payments).closeDispute(disputeId, outcome);
  }
}

import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import { CARD_PAYMENTS, type CardPayments, type ProviderDispute } from '../../contracts/card-payments.port.js';
import { demoProvider } from '../../domain/demo-provider.js';
import { CloseDemoDispute } from './close-demo-dispute.command.js';

@CommandHandler(CloseDemoDispute)
export class CloseDemoDisputeHandler implements ICommandHandler<CloseDemoDispute, ProviderDispute> {
  constructor(@Inject(CARD_PAYMENTS) private readonly payments: CardPayments) {}

  execute({ input: { disputeId, outcome } }: CloseDemoDispute) {
    return demoProvider(this.payments).closeDispute(disputeId, outcome);
  }
}

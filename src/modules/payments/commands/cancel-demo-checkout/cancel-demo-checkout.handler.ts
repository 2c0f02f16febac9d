import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import { CARD_PAYMENTS, type CardPayments } from '../../contracts/card-payments.port.js';
import { demoProvider } from '../../domain/demo-provider.js';
import { CancelDemoCheckout } from './cancel-demo-checkout.command.js';

@CommandHandler(CancelDemoCheckout)
export class CancelDemoCheckoutHandler implements ICommandHandler<CancelDemoCheckout, { redirectUrl: string }> {
  constructor(@Inject(CARD_PAYMENTS) private readonly payments: CardPayments) {}

  execute({ input: { sessionId } }: CancelDemoCheckout) {
    return demoProvider(this.payments).cancel(sessionId);
  }
}

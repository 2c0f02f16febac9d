import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import { CARD_PAYMENTS, type CardPayments } from '../../contracts/card-payments.port.js';
import { demoProvider } from '../../domain/demo-provider.js';

/** Leaving the demo provider's page without paying or saving. */
export class CancelDemoCheckout extends Command<{ redirectUrl: string }> {
  constructor(readonly sessionId: string) {
    super();
  }
}

@CommandHandler(CancelDemoCheckout)
export class CancelDemoCheckoutHandler implements ICommandHandler<CancelDemoCheckout, { redirectUrl: string }> {
  constructor(@Inject(CARD_PAYMENTS) private readonly payments: CardPayments) {}

  execute({ sessionId }: CancelDemoCheckout) {
    return demoProvider(this.payments).cancel(sessionId);
  }
}

import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import type { DemoPayOutcome } from '../../adapters/demo/demo-card-payments.js';
import { CARD_PAYMENTS, type CardPayments } from '../../contracts/card-payments.port.js';
import { demoProvider } from '../../domain/demo-provider.js';

/** The bank's authentication step on the demo provider's page (4000 0025 0000 3155): Authenticate or Fail. */
export class AuthenticateDemoPayment extends Command<DemoPayOutcome> {
  constructor(
    readonly sessionId: string,
    readonly outcome: 'authenticate' | 'fail',
  ) {
    super();
  }
}

@CommandHandler(AuthenticateDemoPayment)
export class AuthenticateDemoPaymentHandler implements ICommandHandler<AuthenticateDemoPayment, DemoPayOutcome> {
  constructor(@Inject(CARD_PAYMENTS) private readonly payments: CardPayments) {}

  execute({ sessionId, outcome }: AuthenticateDemoPayment) {
    return demoProvider(this.payments).authenticate(sessionId, outcome);
  }
}

import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import type { DemoPayOutcome } from '../../adapters/demo/demo-card-payments.js';
import { CARD_PAYMENTS, type CardPayments } from '../../contracts/card-payments.port.js';
import { demoProvider } from '../../domain/demo-provider.js';
import { AuthenticateDemoPayment } from './authenticate-demo-payment.command.js';

@CommandHandler(AuthenticateDemoPayment)
export class AuthenticateDemoPaymentHandler implements ICommandHandler<AuthenticateDemoPayment, DemoPayOutcome> {
  constructor(@Inject(CARD_PAYMENTS) private readonly payments: CardPayments) {}

  execute({ input: { sessionId, outcome } }: AuthenticateDemoPayment) {
    return demoProvider(this.payments).authenticate(sessionId, outcome);
  }
}

import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import type { DemoCardPayments, DemoPayOutcome } from '../../adapters/demo/demo-card-payments.js';
import { DEMO_CARD_PAYMENTS, demoProvider } from '../../domain/demo-provider.js';
import { AuthenticateDemoPayment } from './authenticate-demo-payment.command.js';

@CommandHandler(AuthenticateDemoPayment)
export class AuthenticateDemoPaymentHandler implements ICommandHandler<AuthenticateDemoPayment, DemoPayOutcome> {
  constructor(@Inject(DEMO_CARD_PAYMENTS) private readonly demo: DemoCardPayments | null) {}

  execute({ input: { sessionId, outcome } }: AuthenticateDemoPayment) {
    return demoProvider(this.demo).authenticate(sessionId, outcome);
  }
}

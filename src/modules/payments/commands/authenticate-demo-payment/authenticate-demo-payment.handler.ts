import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import type { DemoPayOutcome } from '../../adapters/demo/demo-checkout-sessions.js';
import { DEMO_PROVIDER, demoProvider, type DemoProvider } from '../../domain/demo-provider.js';
import { AuthenticateDemoPayment } from './authenticate-demo-payment.command.js';

@CommandHandler(AuthenticateDemoPayment)
export class AuthenticateDemoPaymentHandler implements ICommandHandler<AuthenticateDemoPayment, DemoPayOutcome> {
  constructor(@Inject(DEMO_PROVIDER) private readonly demo: DemoProvider | null) {}

  execute({ input: { sessionId, outcome } }: AuthenticateDemoPayment) {
    return demoProvider(this.demo).checkoutSessions.authenticate(sessionId, outcome);
  }
}

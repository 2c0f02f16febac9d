import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import type { DemoCardPayments } from '../../adapters/demo/demo-card-payments.js';
import { DEMO_CARD_PAYMENTS, demoProvider } from '../../domain/demo-provider.js';
import { CancelDemoCheckout } from './cancel-demo-checkout.command.js';

@CommandHandler(CancelDemoCheckout)
export class CancelDemoCheckoutHandler implements ICommandHandler<CancelDemoCheckout, { redirectUrl: string }> {
  constructor(@Inject(DEMO_CARD_PAYMENTS) private readonly demo: DemoCardPayments | null) {}

  execute({ input: { sessionId } }: CancelDemoCheckout) {
    return demoProvider(this.demo).cancel(sessionId);
  }
}

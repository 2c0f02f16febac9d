import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import { DEMO_PROVIDER, demoProvider, type DemoProvider } from '../../domain/demo-provider.js';
import { CancelDemoCheckout } from './cancel-demo-checkout.command.js';

@CommandHandler(CancelDemoCheckout)
export class CancelDemoCheckoutHandler implements ICommandHandler<CancelDemoCheckout, { redirectUrl: string }> {
  constructor(@Inject(DEMO_PROVIDER) private readonly demo: DemoProvider | null) {}

  execute({ input: { sessionId } }: CancelDemoCheckout) {
    return demoProvider(this.demo).checkoutSessions.cancel(sessionId);
  }
}

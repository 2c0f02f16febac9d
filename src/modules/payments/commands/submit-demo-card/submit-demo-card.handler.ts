import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import type { DemoPayOutcome } from '../../adapters/demo/demo-checkout-sessions.js';
import { DEMO_PROVIDER, demoProvider, type DemoProvider } from '../../domain/demo-provider.js';
import { SubmitDemoCard } from './submit-demo-card.command.js';

@CommandHandler(SubmitDemoCard)
export class SubmitDemoCardHandler implements ICommandHandler<SubmitDemoCard, DemoPayOutcome> {
  constructor(@Inject(DEMO_PROVIDER) private readonly demo: DemoProvider | null) {}

  execute({ input: { sessionId, card } }: SubmitDemoCard) {
    return demoProvider(this.demo).checkoutSessions.submitCard(sessionId, card);
  }
}

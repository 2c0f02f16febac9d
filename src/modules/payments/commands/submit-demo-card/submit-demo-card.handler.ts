import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import type { DemoCardPayments, DemoPayOutcome } from '../../adapters/demo/demo-card-payments.js';
import { DEMO_CARD_PAYMENTS, demoProvider } from '../../domain/demo-provider.js';
import { SubmitDemoCard } from './submit-demo-card.command.js';

@CommandHandler(SubmitDemoCard)
export class SubmitDemoCardHandler implements ICommandHandler<SubmitDemoCard, DemoPayOutcome> {
  constructor(@Inject(DEMO_CARD_PAYMENTS) private readonly demo: DemoCardPayments | null) {}

  execute({ input: { sessionId, card } }: SubmitDemoCard) {
    return demoProvider(this.demo).submitCard(sessionId, card);
  }
}

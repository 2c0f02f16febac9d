import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import type { DemoPayOutcome } from '../../adapters/demo/demo-card-payments.js';
import { CARD_PAYMENTS, type CardPayments } from '../../contracts/card-payments.port.js';
import { demoProvider } from '../../domain/demo-provider.js';
import { SubmitDemoCard } from './submit-demo-card.command.js';

@CommandHandler(SubmitDemoCard)
export class SubmitDemoCardHandler implements ICommandHandler<SubmitDemoCard, DemoPayOutcome> {
  constructor(@Inject(CARD_PAYMENTS) private readonly payments: CardPayments) {}

  execute({ input: { sessionId, card } }: SubmitDemoCard) {
    return demoProvider(this.payments).submitCard(sessionId, card);
  }
}

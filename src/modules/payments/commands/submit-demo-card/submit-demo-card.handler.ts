import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import type { DemoPayOutcome } from '../../adapters/demo/demo-card-payments.js';
import type { CardEntry } from '../../adapters/demo/demo-cards.js';
import { CARD_PAYMENTS, type CardPayments } from '../../contracts/card-payments.port.js';
import { demoProvider } from '../../domain/demo-provider.js';

/** The demo provider's hosted page: pay (payment mode) or save (setup mode) with a test card. */
export class SubmitDemoCard extends Command<DemoPayOutcome> {
  constructor(
    readonly sessionId: string,
    readonly card: CardEntry,
  ) {
    super();
  }
}

@CommandHandler(SubmitDemoCard)
export class SubmitDemoCardHandler implements ICommandHandler<SubmitDemoCard, DemoPayOutcome> {
  constructor(@Inject(CARD_PAYMENTS) private readonly payments: CardPayments) {}

  execute({ sessionId, card }: SubmitDemoCard) {
    return demoProvider(this.payments).submitCard(sessionId, card);
  }
}

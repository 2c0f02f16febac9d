import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import { PaymentCredits } from '../../webhooks/payment-credits.js';

/** Credits the succeeded payments of the last days whose webhook never came; answers how many it credited. */
export class SweepCardPayments extends Command<number> {
  constructor(readonly now: Date = new Date()) {
    super();
  }
}

@CommandHandler(SweepCardPayments)
export class SweepCardPaymentsHandler implements ICommandHandler<SweepCardPayments> {
  constructor(private readonly credits: PaymentCredits) {}

  execute({ now }: SweepCardPayments) {
    return this.credits.sweep(now);
  }
}

import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import { PaymentCredits } from '../../webhooks/payment-credits.js';
import { SweepCardPayments } from './sweep-card-payments.command.js';

@CommandHandler(SweepCardPayments)
export class SweepCardPaymentsHandler implements ICommandHandler<SweepCardPayments> {
  constructor(private readonly credits: PaymentCredits) {}

  execute({ context }: SweepCardPayments) {
    return this.credits.sweep(context.now);
  }
}

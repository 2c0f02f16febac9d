import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import { PaymentCredits } from '../../webhooks/payment-credits.js';

/** The job's step: re-read the payment a stored webhook names and credit it if it succeeded. */
export class ProcessPaymentWebhook extends Command<void> {
  constructor(readonly eventId: string) {
    super();
  }
}

@CommandHandler(ProcessPaymentWebhook)
export class ProcessPaymentWebhookHandler implements ICommandHandler<ProcessPaymentWebhook> {
  constructor(private readonly credits: PaymentCredits) {}

  execute({ eventId }: ProcessPaymentWebhook) {
    return this.credits.process(eventId);
  }
}

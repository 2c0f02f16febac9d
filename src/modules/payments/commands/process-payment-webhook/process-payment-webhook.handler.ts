import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import { PaymentCredits } from '../../webhooks/payment-credits.js';
import { ProcessPaymentWebhook } from './process-payment-webhook.command.js';

@CommandHandler(ProcessPaymentWebhook)
export class ProcessPaymentWebhookHandler implements ICommandHandler<ProcessPaymentWebhook> {
  constructor(private readonly credits: PaymentCredits) {}

  execute({ input: { eventId } }: ProcessPaymentWebhook) {
    return this.credits.process(eventId);
  }
}

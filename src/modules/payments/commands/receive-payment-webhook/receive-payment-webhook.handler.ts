import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import { PaymentCredits } from '../../webhooks/payment-credits.js';
import { ReceivePaymentWebhook } from './receive-payment-webhook.command.js';

@CommandHandler(ReceivePaymentWebhook)
export class ReceivePaymentWebhookHandler implements ICommandHandler<ReceivePaymentWebhook> {
  constructor(private readonly credits: PaymentCredits) {}

  execute({ input }: ReceivePaymentWebhook) {
    return this.credits.receive(input);
  }
}

import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import type { WebhookDelivery } from '../../contracts/card-payments.port.js';
import { PaymentCredits } from '../../webhooks/payment-credits.js';

/** A webhook as received: verified, stored once per provider event id, its processing job started. */
export class ReceivePaymentWebhook extends Command<{ eventId: string; duplicate: boolean }> {
  constructor(readonly delivery: WebhookDelivery) {
    super();
  }
}

@CommandHandler(ReceivePaymentWebhook)
export class ReceivePaymentWebhookHandler implements ICommandHandler<ReceivePaymentWebhook> {
  constructor(private readonly credits: PaymentCredits) {}

  execute({ delivery }: ReceivePaymentWebhook) {
    return this.credits.receive(delivery);
  }
}

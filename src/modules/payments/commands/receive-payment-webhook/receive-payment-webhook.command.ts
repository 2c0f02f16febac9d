import { Command } from '@nestjs/cqrs';

import type { CommandContext } from '../../../../platform/event-store/new-event.js';
import type { WebhookDelivery } from '../../contracts/card-payments.port.js';

/** A webhook as received: verified, stored once per provider event id, its processing job started. */
export class ReceivePaymentWebhook extends Command<{ eventId: string; duplicate: boolean }> {
  constructor(
    readonly input: WebhookDelivery,
    readonly context: CommandContext,
  ) {
    super();
  }
}

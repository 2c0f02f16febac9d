import { Command } from '@nestjs/cqrs';

import type { CommandContext } from '../../../../platform/event-store/new-event.js';
import type { AttemptResult, SendDeliveryJob } from '../../delivery/delivery-sender.js';

/** Makes one attempt of a delivery, as its job asks; a job that lost the race for the attempt does nothing. */
export class AttemptDelivery extends Command<AttemptResult | null> {
  constructor(
    readonly input: SendDeliveryJob,
    readonly context: CommandContext,
  ) {
    super();
  }
}

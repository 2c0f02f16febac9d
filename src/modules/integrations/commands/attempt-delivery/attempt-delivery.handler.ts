import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import { DeliverySender, type AttemptResult } from '../../delivery/delivery-sender.js';
import { AttemptDelivery } from './attempt-delivery.command.js';

/** One attempt of a delivery, as its job asks; a job that lost the race for this attempt does nothing. */
@CommandHandler(AttemptDelivery)
export class AttemptDeliveryHandler implements ICommandHandler<AttemptDelivery, AttemptResult | null> {
  constructor(private readonly sender: DeliverySender) {}

  execute({ input }: AttemptDelivery): Promise<AttemptResult | null> {
    return this.sender.attempt(input);
  }
}

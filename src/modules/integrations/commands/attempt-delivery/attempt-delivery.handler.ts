import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import { LeadDeliveries, type AttemptResult } from '../../delivery/lead-deliveries.js';
import { AttemptDelivery } from './attempt-delivery.command.js';

/** Makes one attempt of a delivery, as its job asks; a job that lost the race for the attempt does nothing. */
@CommandHandler(AttemptDelivery)
export class AttemptDeliveryHandler implements ICommandHandler<AttemptDelivery, AttemptResult | null> {
  constructor(private readonly deliveries: LeadDeliveries) {}

  execute({ input }: AttemptDelivery): Promise<AttemptResult | null> {
    return this.deliveries.attempt(input);
  }
}

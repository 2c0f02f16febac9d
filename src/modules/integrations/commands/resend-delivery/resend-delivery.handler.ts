import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import { LeadDeliveries } from '../../delivery/lead-deliveries.js';
import { ResendDelivery } from './resend-delivery.command.js';

/** The signed-in agent (the actor) sends one of their deliveries again now. */
@CommandHandler(ResendDelivery)
export class ResendDeliveryHandler implements ICommandHandler<ResendDelivery, { deliveryId: string; attempt: number }> {
  constructor(private readonly deliveries: LeadDeliveries) {}

  execute({ input, context }: ResendDelivery): Promise<{ deliveryId: string; attempt: number }> {
    return this.deliveries.resend(context.actor.id, input.deliveryId);
  }
}

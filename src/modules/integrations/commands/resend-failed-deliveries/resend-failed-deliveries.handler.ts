import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import { LeadDeliveries } from '../../delivery/lead-deliveries.js';
import { ResendFailedDeliveries } from './resend-failed-deliveries.command.js';

/** The agent sends every failed or held delivery of one of their integrations since a time again. */
@CommandHandler(ResendFailedDeliveries)
export class ResendFailedDeliveriesHandler implements ICommandHandler<ResendFailedDeliveries, { resent: number }> {
  constructor(private readonly deliveries: LeadDeliveries) {}

  execute({ input, context }: ResendFailedDeliveries): Promise<{ resent: number }> {
    return this.deliveries.resendFailed(context.actor.id, input.integrationId, input.since);
  }
}

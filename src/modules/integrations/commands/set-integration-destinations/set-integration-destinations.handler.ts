import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import type { Destinations } from '../../delivery/destinations.js';
import { LeadDeliveries } from '../../delivery/lead-deliveries.js';
import { SetIntegrationDestinations } from './set-integration-destinations.command.js';

/** The agent chooses which of their leads go to one of their integrations. */
@CommandHandler(SetIntegrationDestinations)
export class SetIntegrationDestinationsHandler implements ICommandHandler<SetIntegrationDestinations, { destinations: Destinations }> {
  constructor(private readonly deliveries: LeadDeliveries) {}

  execute({ input, context }: SetIntegrationDestinations): Promise<{ destinations: Destinations }> {
    return this.deliveries.setDestinations(context.actor.id, input.integrationId, input.destinations);
  }
}

import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import { LeadDeliveries } from '../../delivery/lead-deliveries.js';
import { EnableIntegration } from './enable-integration.command.js';

/** The agent turns an integration that was turned off for failing back on, replaying what it missed or not. */
@CommandHandler(EnableIntegration)
export class EnableIntegrationHandler implements ICommandHandler<EnableIntegration, { replayed: number; skipped: number }> {
  constructor(private readonly deliveries: LeadDeliveries) {}

  execute({ input, context }: EnableIntegration): Promise<{ replayed: number; skipped: number }> {
    return this.deliveries.enable(context.actor.id, input.integrationId, input.replay);
  }
}

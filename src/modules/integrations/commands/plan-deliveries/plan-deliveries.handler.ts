import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import { LeadDeliveries } from '../../delivery/lead-deliveries.js';
import { PlanDeliveries } from './plan-deliveries.command.js';

/** Plans the deliveries of leads that reached agents (stored arrival events), and sends their first attempts. */
@CommandHandler(PlanDeliveries)
export class PlanDeliveriesHandler implements ICommandHandler<PlanDeliveries, number> {
  constructor(private readonly deliveries: LeadDeliveries) {}

  execute({ input }: PlanDeliveries): Promise<number> {
    return this.deliveries.plan(input.events);
  }
}

import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import { DeliveryPlanner } from '../../delivery/delivery-planner.js';
import { PlanDeliveries } from './plan-deliveries.command.js';

/** Plans the deliveries of leads that reached agents (stored arrival events), and sends their first attempts. */
@CommandHandler(PlanDeliveries)
export class PlanDeliveriesHandler implements ICommandHandler<PlanDeliveries, number> {
  constructor(private readonly planner: DeliveryPlanner) {}

  execute({ input }: PlanDeliveries): Promise<number> {
    return this.planner.plan(input.events);
  }
}

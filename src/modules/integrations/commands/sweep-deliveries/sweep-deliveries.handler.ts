import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import { LeadDeliveries } from '../../delivery/lead-deliveries.js';
import { SweepDeliveries } from './sweep-deliveries.command.js';

/** Gives overdue deliveries (their job lost) their attempt again. */
@CommandHandler(SweepDeliveries)
export class SweepDeliveriesHandler implements ICommandHandler<SweepDeliveries, number> {
  constructor(private readonly deliveries: LeadDeliveries) {}

  execute(): Promise<number> {
    return this.deliveries.sweep();
  }
}

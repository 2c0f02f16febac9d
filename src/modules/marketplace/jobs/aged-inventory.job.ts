import type { CommandBus } from '@nestjs/cqrs';

import { systemContext } from '../../../platform/event-store/new-event.js';
import type { JobQueue } from '../../../platform/jobs/job-queue.port.js';
import { AgeUnsoldLeads } from '../commands/age-unsold-leads/age-unsold-leads.command.js';
import { SweepAgedOrders } from '../commands/sweep-aged-orders/sweep-aged-orders.command.js';
import type { MarketplaceConfig } from '../marketplace.config.js';

export const AGE_LEADS = 'age-unsold-leads';
export const SWEEP_AGED_ORDERS = 'sweep-aged-orders';
/** Who charges the orders the sweep finishes, as the wallet records it. */
const AGED_ORDER_SWEEP = 'aged-order-sweep';

/** The aged inventory's periodic jobs (scheduled by the module): unsold leads age into it, and cut-off orders from it are finished. */
export function registerAgedInventoryJobs(jobs: JobQueue, commands: CommandBus, config: MarketplaceConfig): void {
  jobs.register(AGE_LEADS, async () => {
    await commands.execute(new AgeUnsoldLeads({ afterDays: config.leads.agedAfterDays }, systemContext(AGE_LEADS)));
  });
  jobs.register(SWEEP_AGED_ORDERS, async () => {
    await commands.execute(new SweepAgedOrders({}, systemContext(AGED_ORDER_SWEEP)));
  });
}

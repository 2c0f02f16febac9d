import { AttemptDelivery } from '../../src/modules/integrations/commands/attempt-delivery/attempt-delivery.command.js';
import { AttemptDeliveryHandler } from '../../src/modules/integrations/commands/attempt-delivery/attempt-delivery.handler.js';
import { PlanDeliveries } from '../../src/modules/integrations/commands/plan-deliveries/plan-deliveries.command.js';
import { PlanDeliveriesHandler } from '../../src/modules/integrations/commands/plan-deliveries/plan-deliveries.handler.js';
import { SweepDeliveriesHandler } from '../../src/modules/integrations/commands/sweep-deliveries/sweep-deliveries.handler.js';
import type { DeliveryCommand } from '../../src/modules/integrations/delivery/delivery.jobs.js';
import type { LeadDeliveries } from '../../src/modules/integrations/delivery/lead-deliveries.js';

/** The delivery jobs' commands run by their handlers directly, where no Nest application (and so no CommandBus) is running. */
export function deliveryCommandsOver(deliveries: LeadDeliveries): { execute(command: DeliveryCommand): Promise<unknown> } {
  const plan = new PlanDeliveriesHandler(deliveries);
  const attempt = new AttemptDeliveryHandler(deliveries);
  const sweep = new SweepDeliveriesHandler(deliveries);
  return {
    execute: (command) =>
      command instanceof PlanDeliveries ? plan.execute(command) : command instanceof AttemptDelivery ? attempt.execute(command) : sweep.execute(),
  };
}

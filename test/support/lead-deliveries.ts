import type pg from 'pg';

import { AttemptDelivery } from '../../src/modules/integrations/commands/attempt-delivery/attempt-delivery.command.js';
import { AttemptDeliveryHandler } from '../../src/modules/integrations/commands/attempt-delivery/attempt-delivery.handler.js';
import { EnableIntegration } from '../../src/modules/integrations/commands/enable-integration/enable-integration.command.js';
import { EnableIntegrationHandler } from '../../src/modules/integrations/commands/enable-integration/enable-integration.handler.js';
import { PlanDeliveries } from '../../src/modules/integrations/commands/plan-deliveries/plan-deliveries.command.js';
import { PlanDeliveriesHandler } from '../../src/modules/integrations/commands/plan-deliveries/plan-deliveries.handler.js';
import { ResendDelivery } from '../../src/modules/integrations/commands/resend-delivery/resend-delivery.command.js';
import { ResendDeliveryHandler } from '../../src/modules/integrations/commands/resend-delivery/resend-delivery.handler.js';
import { SweepDeliveriesHandler } from '../../src/modules/integrations/commands/sweep-deliveries/sweep-deliveries.handler.js';
import { TestSendLead } from '../../src/modules/integrations/commands/test-send-lead/test-send-lead.command.js';
import { TestSendLeadHandler } from '../../src/modules/integrations/commands/test-send-lead/test-send-lead.handler.js';
import { DeliveryPlanner } from '../../src/modules/integrations/delivery/delivery-planner.js';
import { DeliverySender, type SendDeliveryJob } from '../../src/modules/integrations/delivery/delivery-sender.js';
import type { DeliveryCommand } from '../../src/modules/integrations/delivery/delivery.jobs.js';
import { IntegrationHealth, type DeliverySettings } from '../../src/modules/integrations/delivery/integration-health.js';
import type { LeadSender } from '../../src/modules/integrations/delivery/lead-sender.js';
import type { JsonEvent } from '../../src/platform/event-store/json-event.js';
import { systemContext, userRequestContext } from '../../src/platform/event-store/new-event.js';
import type { JobQueue } from '../../src/platform/jobs/job-queue.port.js';
import type { RealtimeHub } from '../../src/platform/realtime/realtime-hub.js';
import type { SecretCipher } from '../../src/platform/secrets/secret-cipher.js';

/**
 * Lead delivery wired as the integrations module wires it, where no Nest application (and so
 * no CommandBus) runs: `commands` for the delivery jobs, and the agent's commands by name.
 */
export function leadDeliveries(
  pool: pg.Pool,
  jobs: JobQueue,
  cipher: SecretCipher,
  realtime: RealtimeHub,
  senders: ReadonlyMap<string, LeadSender>,
  settings: DeliverySettings,
) {
  const sender = new DeliverySender(pool, jobs, cipher, realtime, senders, settings, new IntegrationHealth(pool, jobs, settings));
  const plan = new PlanDeliveriesHandler(new DeliveryPlanner(pool, sender));
  const attempt = new AttemptDeliveryHandler(sender);
  const sweep = new SweepDeliveriesHandler(pool, sender);
  const commands = {
    execute: (command: DeliveryCommand): Promise<unknown> =>
      command instanceof PlanDeliveries ? plan.execute(command) : command instanceof AttemptDelivery ? attempt.execute(command) : sweep.execute(),
  };
  return {
    commands,
    plan: (events: readonly JsonEvent[]) => plan.execute(new PlanDeliveries({ events }, systemContext('test'))),
    sweep: () => sweep.execute(),
    attempt: (job: SendDeliveryJob) => attempt.execute(new AttemptDelivery(job, systemContext('test'))),
    resend: (userId: string, deliveryId: string) =>
      new ResendDeliveryHandler(pool, sender).execute(new ResendDelivery({ deliveryId }, userRequestContext(userId))),
    enable: (userId: string, integrationId: string, replay: boolean) =>
      new EnableIntegrationHandler(pool, sender).execute(new EnableIntegration({ integrationId, replay }, userRequestContext(userId))),
    testSend: (userId: string, integrationId: string) =>
      new TestSendLeadHandler(pool, cipher, sender).execute(new TestSendLead({ integrationId }, userRequestContext(userId))),
  };
}

import { Inject, Injectable, Module, type OnApplicationBootstrap, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type pg from 'pg';

import type { JobQueue } from '../../platform/jobs/job-queue.port.js';
import { keepScheduled } from '../../platform/jobs/keep-scheduled.js';
import type { Mailer } from '../../platform/mail/mailer.js';
import type { OutboundHttp } from '../../platform/outbound/outbound-http.js';
import type { RealtimeHub } from '../../platform/realtime/realtime-hub.js';
import type { SecretCipher } from '../../platform/secrets/secret-cipher.js';
import { CONFIG, JOB_QUEUE, MAILER, OUTBOUND_HTTP, REALTIME_HUB, SECRET_CIPHER, SQL_POOL } from '../../platform/tokens.js';
import { agentTimeZone } from '../identity/contracts/agent-time-zone.js';
import { AddCustomIntegrationHandler } from './commands/add-custom-integration/add-custom-integration.handler.js';
import { AddCustomIntegrationController } from './commands/add-custom-integration/add-custom-integration.http.controller.js';
import { AttemptDeliveryHandler } from './commands/attempt-delivery/attempt-delivery.handler.js';
import { ClaimTextdripConnectionHandler } from './commands/claim-textdrip-connection/claim-textdrip-connection.handler.js';
import { ConnectIntegrationHandler } from './commands/connect-integration/connect-integration.handler.js';
import { ConnectIntegrationController } from './commands/connect-integration/connect-integration.http.controller.js';
import { TextdripConnectionController } from './commands/connect-textdrip/textdrip-connection.http.controller.js';
import { TextdripConnections } from './commands/connect-textdrip/textdrip-connections.js';
import { DeleteCustomIntegrationHandler } from './commands/delete-custom-integration/delete-custom-integration.handler.js';
import { DeleteCustomIntegrationController } from './commands/delete-custom-integration/delete-custom-integration.http.controller.js';
import { DisconnectIntegrationHandler } from './commands/disconnect-integration/disconnect-integration.handler.js';
import { DisconnectIntegrationController } from './commands/disconnect-integration/disconnect-integration.http.controller.js';
import { EnableIntegrationHandler } from './commands/enable-integration/enable-integration.handler.js';
import { EnableIntegrationController } from './commands/enable-integration/enable-integration.http.controller.js';
import { PlanDeliveriesHandler } from './commands/plan-deliveries/plan-deliveries.handler.js';
import { ResendDeliveryHandler } from './commands/resend-delivery/resend-delivery.handler.js';
import { ResendDeliveryController } from './commands/resend-delivery/resend-delivery.http.controller.js';
import { ResendFailedDeliveriesHandler } from './commands/resend-failed-deliveries/resend-failed-deliveries.handler.js';
import { ResendFailedDeliveriesController } from './commands/resend-failed-deliveries/resend-failed-deliveries.http.controller.js';
import { RotateSigningSecretHandler } from './commands/rotate-signing-secret/rotate-signing-secret.handler.js';
import { RotateSigningSecretController } from './commands/rotate-signing-secret/rotate-signing-secret.http.controller.js';
import { SendLeadsToRingyHandler } from './commands/send-leads-to-ringy/send-leads-to-ringy.handler.js';
import { SendLeadsToVanillaSoftHandler } from './commands/send-leads-to-vanilla-soft/send-leads-to-vanilla-soft.handler.js';
import { SendLeadsAdminController } from './commands/send-leads/send-leads.admin.http.controller.js';
import { SetCustomIntegrationActiveHandler } from './commands/set-custom-integration-active/set-custom-integration-active.handler.js';
import { SetCustomIntegrationActiveController } from './commands/set-custom-integration-active/set-custom-integration-active.http.controller.js';
import { SetIntegrationDestinationsHandler } from './commands/set-integration-destinations/set-integration-destinations.handler.js';
import { SetIntegrationDestinationsController } from './commands/set-integration-destinations/set-integration-destinations.http.controller.js';
import { SweepDeliveriesHandler } from './commands/sweep-deliveries/sweep-deliveries.handler.js';
import { TestSendLeadHandler } from './commands/test-send-lead/test-send-lead.handler.js';
import { TestSendLeadController } from './commands/test-send-lead/test-send-lead.http.controller.js';
import { UpdateCustomIntegrationHandler } from './commands/update-custom-integration/update-custom-integration.handler.js';
import { UpdateCustomIntegrationController } from './commands/update-custom-integration/update-custom-integration.http.controller.js';
import { DeliveryPlanner } from './delivery/delivery-planner.js';
import { DeliverySender } from './delivery/delivery-sender.js';
import { deliveryTriggers, registerDeliveryJobs, SWEEP_DELIVERIES_JOB } from './delivery/delivery.jobs.js';
import { IntegrationHealth } from './delivery/integration-health.js';
import type { LeadSender } from './delivery/lead-sender.js';
import type { IntegrationsConfig } from './integrations.config.js';
import { CustomApiSender } from './providers/custom/custom-api-sender.js';
import { leadSenders } from './providers/index.js';
import { ListCustomIntegrationsController } from './queries/list-custom-integrations/list-custom-integrations.http.controller.js';
import { ListDeliveriesController } from './queries/list-deliveries/list-deliveries.http.controller.js';
import { ListIntegrationsController } from './queries/list-integrations/list-integrations.http.controller.js';

/** The events of this module's jobs: leads reaching an agent are delivered to the agent's integrations. */
export const integrationJobTriggers = deliveryTriggers;

export const LEAD_SENDERS = Symbol('LEAD_SENDERS');

@Injectable()
class IntegrationJobs implements OnModuleInit, OnApplicationBootstrap, OnApplicationShutdown {
  private stopSchedule: () => void = () => {};

  constructor(
    @Inject(JOB_QUEUE) private readonly jobs: JobQueue,
    @Inject(CONFIG) private readonly config: IntegrationsConfig,
    private readonly commands: CommandBus,
  ) {}

  onModuleInit(): void {
    registerDeliveryJobs(this.jobs, this.commands);
  }

  /** Overdue deliveries are looked for at the start of every minute (each minute's run once across processes). */
  onApplicationBootstrap(): void {
    if (!this.config.runWorkers) return;
    this.stopSchedule = keepScheduled(this.jobs, SWEEP_DELIVERIES_JOB, '* * * * *');
  }

  onApplicationShutdown(): void {
    this.stopSchedule();
  }
}

/** Integrations: the agent's connections to CRMs, dialers and inboxes, and their own custom ones, secrets encrypted at rest, and the leads delivered to them. */
@Module({
  // The Textdrip routes first, then the custom ones: /api/integrations/textdrip/… and /custom/… before the generic /api/integrations/:providerId/….
  controllers: [
    TextdripConnectionController,
    ListCustomIntegrationsController,
    AddCustomIntegrationController,
    UpdateCustomIntegrationController,
    SetCustomIntegrationActiveController,
    DeleteCustomIntegrationController,
    ListIntegrationsController,
    ConnectIntegrationController,
    DisconnectIntegrationController,
    ListDeliveriesController,
    ResendDeliveryController,
    ResendFailedDeliveriesController,
    TestSendLeadController,
    EnableIntegrationController,
    SetIntegrationDestinationsController,
    RotateSigningSecretController,
    SendLeadsAdminController,
  ],
  providers: [
    ConnectIntegrationHandler,
    DisconnectIntegrationHandler,
    TextdripConnections,
    ClaimTextdripConnectionHandler,
    AddCustomIntegrationHandler,
    UpdateCustomIntegrationHandler,
    SetCustomIntegrationActiveHandler,
    DeleteCustomIntegrationHandler,
    RotateSigningSecretHandler,
    IntegrationJobs,
    ResendDeliveryHandler,
    ResendFailedDeliveriesHandler,
    TestSendLeadHandler,
    EnableIntegrationHandler,
    SetIntegrationDestinationsHandler,
    PlanDeliveriesHandler,
    AttemptDeliveryHandler,
    SweepDeliveriesHandler,
    SendLeadsToRingyHandler,
    SendLeadsToVanillaSoftHandler,
    {
      provide: LEAD_SENDERS,
      inject: [OUTBOUND_HTTP, MAILER, CONFIG, SQL_POOL],
      useFactory: (http: OutboundHttp, mail: Mailer, config: IntegrationsConfig, pool: pg.Pool) =>
        new Map([
          ...leadSenders({
            http,
            mail,
            // An e-mailed lead's times are in its agent's zone.
            timeZone: (userId) => agentTimeZone(pool, userId, config.orgTimeZone),
            ringyApiBase: config.providers.ringyApiBase,
            textdripApiBase: config.textdrip.apiBase,
          }),
          ['custom', new CustomApiSender({ http })],
        ]),
    },
    {
      provide: IntegrationHealth,
      inject: [SQL_POOL, JOB_QUEUE, CONFIG],
      useFactory: (pool: pg.Pool, jobs: JobQueue, config: IntegrationsConfig) =>
        new IntegrationHealth(pool, jobs, { ...config.delivery, publicUrl: config.publicUrl, timeZone: config.orgTimeZone }),
    },
    {
      provide: DeliverySender,
      inject: [SQL_POOL, JOB_QUEUE, SECRET_CIPHER, REALTIME_HUB, LEAD_SENDERS, CONFIG, IntegrationHealth],
      useFactory: (
        pool: pg.Pool,
        jobs: JobQueue,
        cipher: SecretCipher,
        realtime: RealtimeHub,
        senders: ReadonlyMap<string, LeadSender>,
        config: IntegrationsConfig,
        health: IntegrationHealth,
      ) => new DeliverySender(pool, jobs, cipher, realtime, senders, config.delivery, health),
    },
    { provide: DeliveryPlanner, inject: [SQL_POOL, DeliverySender], useFactory: (pool: pg.Pool, sender: DeliverySender) => new DeliveryPlanner(pool, sender) },
  ],
})
export class IntegrationsModule {}

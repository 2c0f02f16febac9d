import { Module } from '@nestjs/common';
import { ChangeIntegrationHandler } from './commands/change-integration.handler.js';
import { SendLeadsAdminController } from './commands/send-leads/send-leads.admin.http.controller.js';
import { IntegrationsController } from './integrations.http.controller.js';

/** Integrations (issue 11): the agent's connections to CRMs, dialers and inboxes, secrets encrypted at rest. */
@Module({
  controllers: [IntegrationsController, SendLeadsAdminController],
  providers: [ChangeIntegrationHandler],
})
export class IntegrationsModule {}

import { Module } from '@nestjs/common';
import { ChangeIntegrationHandler } from './commands/change-integration.handler.js';
import { TextdripConnectionController } from './commands/connect-textdrip/textdrip-connection.http.controller.js';
import { TextdripConnections } from './commands/connect-textdrip/textdrip-connections.js';
import { IntegrationsController } from './integrations.http.controller.js';

/** Integrations (issue 11): the agent's connections to CRMs, dialers and inboxes, secrets encrypted at rest. */
@Module({
  // The Textdrip routes first: /api/integrations/textdrip/… before the generic /api/integrations/:providerId/….
  controllers: [TextdripConnectionController, IntegrationsController],
  providers: [ChangeIntegrationHandler, TextdripConnections],
})
export class IntegrationsModule {}

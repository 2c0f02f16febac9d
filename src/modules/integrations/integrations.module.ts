import { Module } from '@nestjs/common';
import type { OutboundHttp } from '../../platform/outbound/outbound-http.js';
import { OUTBOUND_HTTP } from '../../platform/tokens.js';
import { ChangeCustomIntegrationHandler } from './commands/change-custom-integration.handler.js';
import { ChangeIntegrationHandler } from './commands/change-integration.handler.js';
import { CustomIntegrationsController } from './custom-integrations.http.controller.js';
import { IntegrationsController } from './integrations.http.controller.js';
import { CustomApiSender } from './providers/custom/custom-api-sender.js';

/** Integrations (issue 11): the agent's connections to CRMs, dialers and inboxes, and their own custom ones, secrets encrypted at rest. */
@Module({
  controllers: [CustomIntegrationsController, IntegrationsController],
  providers: [
    ChangeIntegrationHandler,
    ChangeCustomIntegrationHandler,
    { provide: CustomApiSender, useFactory: (http: OutboundHttp) => new CustomApiSender({ http }), inject: [OUTBOUND_HTTP] },
  ],
  exports: [CustomApiSender],
})
export class IntegrationsModule {}

import { Module, type DynamicModule } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import type { AppConfig } from './platform/config/config.js';
import { HealthController } from './platform/health/health.controller.js';
import { RealtimeController } from './platform/realtime/realtime.http.controller.js';
import { OutboxController } from './platform/mail/outbox.http.controller.js';
import { JobsController } from './platform/jobs/jobs.http.controller.js';
import { PlatformModule } from './platform/platform.module.js';
import { AccessModule, accessJobTriggers } from './modules/access/access.module.js';
import { AuditModule } from './modules/audit/audit.module.js';
import { SecurityModule, securityJobTriggers } from './modules/security/security.module.js';
import { IdentityModule, identityJobTriggers } from './modules/identity/identity.module.js';
import { TrainingModule } from './modules/training/training.module.js';
import { WalletModule, walletJobTriggers } from './modules/wallet/wallet.module.js';
import { PaymentsModule } from './modules/payments/payments.module.js';
import { MarketplaceModule, marketplaceJobTriggers } from './modules/marketplace/marketplace.module.js';
import { IntegrationsModule, integrationJobTriggers } from './modules/integrations/integrations.module.js';
import { APP_PROJECTIONS } from './read-models.js';
import { WalletQueriesModule } from './modules/wallet/wallet-queries.module.js';

@Module({})
export class AppModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        CqrsModule.forRoot(),
        PlatformModule.forRoot(config, { projections: APP_PROJECTIONS, jobTriggers: [...identityJobTriggers, ...securityJobTriggers, ...accessJobTriggers, ...walletJobTriggers, ...marketplaceJobTriggers, ...integrationJobTriggers] }),
        IdentityModule,
        AccessModule,
        SecurityModule,
        TrainingModule,
        AuditModule,
        WalletModule,
        WalletQueriesModule,
        PaymentsModule,
        MarketplaceModule,
        IntegrationsModule,
      ],
      controllers: [HealthController, RealtimeController, OutboxController, JobsController],
    };
  }
}

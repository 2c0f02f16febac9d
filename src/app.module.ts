import { Module, type DynamicModule, type OnApplicationBootstrap } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';

import type { AppConfig } from './app-config.js';
import { MIGRATIONS } from './modules.js';
import { accessJobTriggers, AccessModule } from './modules/access/access.module.js';
import { AnnouncementsModule } from './modules/announcements/announcements.module.js';
import { assistantJobTriggers, AssistantModule } from './modules/assistant/assistant.module.js';
import { AuditModule } from './modules/audit/audit.module.js';
import { bonusesJobTriggers, BonusesModule } from './modules/bonuses/bonuses.module.js';
import { identityJobTriggers, IdentityModule } from './modules/identity/identity.module.js';
import { integrationJobTriggers, IntegrationsModule } from './modules/integrations/integrations.module.js';
import { marketplaceJobTriggers, MarketplaceModule } from './modules/marketplace/marketplace.module.js';
import { PaymentsModule } from './modules/payments/payments.module.js';
import { prepCourseJobTriggers, PrepCourseModule } from './modules/prep-course/prep-course.module.js';
import { ResourcesModule } from './modules/resources/resources.module.js';
import { securityJobTriggers, SecurityModule } from './modules/security/security.module.js';
import { supportJobTriggers, SupportModule } from './modules/support/support.module.js';
import { TrainingModule } from './modules/training/training.module.js';
import { WalletQueriesModule } from './modules/wallet/wallet-queries.module.js';
import { walletJobTriggers, WalletModule } from './modules/wallet/wallet.module.js';
import { HealthController } from './platform/health/health.controller.js';
import { JobsController } from './platform/jobs/jobs.http.controller.js';
import { OutboxController } from './platform/mail/outbox.http.controller.js';
import type { OpeningDatabase } from './platform/persistence/database.js';
import { PlatformLifecycle, PlatformModule } from './platform/platform.module.js';
import { RealtimeController } from './platform/realtime/realtime.http.controller.js';
import { APP_PROJECTIONS } from './read-models.js';

@Module({})
export class AppModule implements OnApplicationBootstrap {
  constructor(private readonly platform: PlatformLifecycle) {}

  /**
   * Nest runs the root module's start-up hook after every other module's, so the modules' seeds
   * (demo accounts, resource cards, prep weekends) do not queue behind the subscribers' catch-up
   * for the embedded database's one backend.
   */
  onApplicationBootstrap(): Promise<void> {
    return this.platform.startBackgroundWork();
  }

  static forRoot(config: AppConfig, openingDatabase?: OpeningDatabase): DynamicModule {
    return {
      module: AppModule,
      imports: [
        CqrsModule.forRoot(),
        PlatformModule.forRoot(config, {
          migrations: MIGRATIONS,
          ...(openingDatabase ? { openingDatabase } : {}),
          projections: APP_PROJECTIONS,
          jobTriggers: [
            ...identityJobTriggers,
            ...securityJobTriggers,
            ...accessJobTriggers,
            ...walletJobTriggers,
            ...marketplaceJobTriggers,
            ...integrationJobTriggers,
            ...supportJobTriggers,
            ...bonusesJobTriggers,
            ...assistantJobTriggers,
            ...prepCourseJobTriggers,
          ],
        }),
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
        SupportModule,
        BonusesModule,
        AnnouncementsModule,
        AssistantModule,
        PrepCourseModule,
        ResourcesModule,
      ],
      controllers: [HealthController, RealtimeController, OutboxController, JobsController],
    };
  }
}

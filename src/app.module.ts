import { Module, type DynamicModule } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import type { AppConfig } from './platform/config/config.js';
import { HealthController } from './platform/health/health.controller.js';
import { PlatformModule } from './platform/platform.module.js';

@Module({})
export class AppModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [CqrsModule.forRoot(), PlatformModule.forRoot(config)],
      controllers: [HealthController],
    };
  }
}

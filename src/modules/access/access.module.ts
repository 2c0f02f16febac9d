import { Module } from '@nestjs/common';
import { AccessService } from './access.service.js';
import { AccessController } from './commands/access.http.controller.js';
import { AccessCodesAdminController } from './commands/access-codes.admin.http.controller.js';
import { DemoAccessCode } from './demo-access-code.js';

/** Access codes and the elevated access they grant. */
@Module({
  controllers: [AccessController, AccessCodesAdminController],
  providers: [AccessService, DemoAccessCode],
  exports: [DemoAccessCode],
})
export class AccessModule {}

import { Inject, Injectable, Module, type OnModuleInit } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';

import type { JobQueue } from '../../platform/jobs/job-queue.port.js';
import { JOB_QUEUE } from '../../platform/tokens.js';
import { AccessCodesAdminController } from './commands/access-codes.admin.http.controller.js';
import { AccessController } from './commands/access.http.controller.js';
import { CompleteAccessCodeRedemptionHandler } from './commands/complete-access-code-redemption/complete-access-code-redemption.handler.js';
import { CreateAccessCodeHandler } from './commands/create-access-code/create-access-code.handler.js';
import { DisableAccessCodeHandler } from './commands/disable-access-code/disable-access-code.handler.js';
import { RedeemAccessCodeHandler } from './commands/redeem-access-code/redeem-access-code.handler.js';
import { RevokeElevatedAccessHandler } from './commands/revoke-elevated-access/revoke-elevated-access.handler.js';
import { VerifyAccessCodeHandler } from './commands/verify-access-code/verify-access-code.handler.js';
import { DemoAccessCode } from './demo-access-code.js';
import { accessCodeRedemptionTriggers, registerAccessCodeRedemptionJobs } from './jobs/access-code-redemption.job.js';

/** The events of this module that start jobs; AppModule hands them to the dispatcher. */
export const accessJobTriggers = [...accessCodeRedemptionTriggers];

@Injectable()
class AccessJobs implements OnModuleInit {
  constructor(
    @Inject(JOB_QUEUE) private readonly jobs: JobQueue,
    private readonly commands: CommandBus,
  ) {}

  onModuleInit(): void {
    registerAccessCodeRedemptionJobs(this.jobs, this.commands);
  }
}

/** Access codes and the elevated access they grant. */
@Module({
  controllers: [AccessController, AccessCodesAdminController],
  providers: [
    CreateAccessCodeHandler,
    DisableAccessCodeHandler,
    VerifyAccessCodeHandler,
    RedeemAccessCodeHandler,
    CompleteAccessCodeRedemptionHandler,
    RevokeElevatedAccessHandler,
    AccessJobs,
    DemoAccessCode,
  ],
  exports: [DemoAccessCode],
})
export class AccessModule {}

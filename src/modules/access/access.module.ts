import { Inject, Injectable, Module, type OnModuleInit } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';

import type { JobQueue } from '../../platform/jobs/job-queue.port.js';
import { JOB_QUEUE } from '../../platform/tokens.js';
import { CompleteAccessCodeRedemptionHandler } from './commands/complete-access-code-redemption/complete-access-code-redemption.handler.js';
import { CreateAccessCodeHandler } from './commands/create-access-code/create-access-code.handler.js';
import { CreateAccessCodeController } from './commands/create-access-code/create-access-code.http.controller.js';
import { DisableAccessCodeHandler } from './commands/disable-access-code/disable-access-code.handler.js';
import { DisableAccessCodeController } from './commands/disable-access-code/disable-access-code.http.controller.js';
import { RedeemAccessCodeHandler } from './commands/redeem-access-code/redeem-access-code.handler.js';
import { RevokeElevatedAccessHandler } from './commands/revoke-elevated-access/revoke-elevated-access.handler.js';
import { RevokeElevatedAccessController } from './commands/revoke-elevated-access/revoke-elevated-access.http.controller.js';
import { VerifyAccessCodeHandler } from './commands/verify-access-code/verify-access-code.handler.js';
import { VerifyAccessCodeController } from './commands/verify-access-code/verify-access-code.http.controller.js';
import { DemoAccessCode } from './demo-access-code.js';
import { accessCodeRedemptionTriggers, registerAccessCodeRedemptionJobs } from './jobs/access-code-redemption.job.js';
import { GetAccessStatusController } from './queries/get-access-status/get-access-status.http.controller.js';
import { ListAccessCodesController } from './queries/list-access-codes/list-access-codes.http.controller.js';

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
  controllers: [
    VerifyAccessCodeController,
    GetAccessStatusController,
    RevokeElevatedAccessController,
    ListAccessCodesController,
    CreateAccessCodeController,
    DisableAccessCodeController,
  ],
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

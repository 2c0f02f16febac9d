import type { CommandBus } from '@nestjs/cqrs';

import type { JobTrigger } from '../../../platform/jobs/event-job-dispatcher.js';
import type { JobQueue } from '../../../platform/jobs/job-queue.port.js';
import { CompleteAccessCodeRedemption, type RedemptionAnswer } from '../commands/complete-access-code-redemption/complete-access-code-redemption.handler.js';
import { RedeemAccessCode, type RedemptionRequested } from '../commands/redeem-access-code/redeem-access-code.handler.js';

export const REDEEM_ACCESS_CODE = 'redeem-access-code';
export const COMPLETE_ACCESS_CODE_REDEMPTION = 'complete-access-code-redemption';

/** The redemption process (docs/processes.md): each step starts from the previous step's stored event. */
export const accessCodeRedemptionTriggers: readonly JobTrigger[] = [
  { eventType: 'AccessCodeRedemptionRequested', job: REDEEM_ACCESS_CODE },
  { eventType: 'AccessCodeRedeemed', job: COMPLETE_ACCESS_CODE_REDEMPTION },
  { eventType: 'AccessCodeRedemptionRefused', job: COMPLETE_ACCESS_CODE_REDEMPTION },
];

export function registerAccessCodeRedemptionJobs(jobs: JobQueue, commands: CommandBus): void {
  jobs.register<{ event: RedemptionRequested }>(REDEEM_ACCESS_CODE, ({ event }) => commands.execute(new RedeemAccessCode(event)));
  jobs.register<{ event: RedemptionAnswer }>(COMPLETE_ACCESS_CODE_REDEMPTION, ({ event }) => commands.execute(new CompleteAccessCodeRedemption(event)));
}

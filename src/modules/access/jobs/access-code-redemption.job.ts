import type { CommandBus } from '@nestjs/cqrs';

import type { JobTrigger } from '../../../platform/jobs/event-job-dispatcher.js';
import type { JobQueue } from '../../../platform/jobs/job-queue.port.js';
import { stepFrom } from '../../../platform/processes/process-step.js';
import { CompleteAccessCodeRedemption, type RedemptionAnswer } from '../commands/complete-access-code-redemption/complete-access-code-redemption.command.js';
import { RedeemAccessCode, type RedemptionRequested } from '../commands/redeem-access-code/redeem-access-code.command.js';

export const REDEEM_ACCESS_CODE = 'redeem-access-code';
export const COMPLETE_ACCESS_CODE_REDEMPTION = 'complete-access-code-redemption';

/** The redemption process (docs/processes.md): each step starts from the previous step's stored event. */
export const accessCodeRedemptionTriggers: readonly JobTrigger[] = [
  { eventType: 'AccessCodeRedemptionRequested', job: REDEEM_ACCESS_CODE },
  { eventType: 'AccessCodeRedeemed', job: COMPLETE_ACCESS_CODE_REDEMPTION },
  { eventType: 'AccessCodeRedemptionRefused', job: COMPLETE_ACCESS_CODE_REDEMPTION },
];

export function registerAccessCodeRedemptionJobs(jobs: JobQueue, commands: CommandBus): void {
  jobs.register<{ event: RedemptionRequested }>(REDEEM_ACCESS_CODE, ({ event }) => {
    const step = stepFrom(event);
    return commands.execute(new RedeemAccessCode(event.data, step.context, step.idempotencyKey));
  });
  jobs.register<{ event: RedemptionAnswer }>(COMPLETE_ACCESS_CODE_REDEMPTION, ({ event }) => {
    const step = stepFrom(event);
    const answer = { ...event.data, answer: event.type, answeredAt: event.metadata.occurredAt };
    return commands.execute(new CompleteAccessCodeRedemption(answer, step.context, step.idempotencyKey));
  });
}

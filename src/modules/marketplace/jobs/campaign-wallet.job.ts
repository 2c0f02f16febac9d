import type { CommandBus } from '@nestjs/cqrs';

import type { JobTrigger } from '../../../platform/jobs/event-job-dispatcher.js';
import type { JobQueue } from '../../../platform/jobs/job-queue.port.js';
import { CampaignWalletStep, type CampaignWalletEvent } from '../commands/campaign-wallet-step/campaign-wallet-step.handler.js';

export const CAMPAIGN_WALLET_STEP = 'campaign-wallet-step';

/** The campaign events that move money on the owner's wallet (docs/processes.md). */
export const campaignWalletTriggers: readonly JobTrigger[] = ['CampaignCreated', 'BudgetRaiseRequested', 'BudgetLowered', 'CampaignEnded'].map((eventType) => ({
  eventType,
  job: CAMPAIGN_WALLET_STEP,
}));

export function registerCampaignWalletJobs(jobs: JobQueue, commands: CommandBus): void {
  jobs.register<{ event: CampaignWalletEvent }>(CAMPAIGN_WALLET_STEP, ({ event }) => commands.execute(new CampaignWalletStep(event)));
}

import type { CommandBus } from '@nestjs/cqrs';

import type { JsonEvent } from '../../../platform/event-store/json-event.js';
import type { JobTrigger } from '../../../platform/jobs/event-job-dispatcher.js';
import type { JobQueue } from '../../../platform/jobs/job-queue.port.js';
import { stepFrom } from '../../../platform/processes/process-step.js';
import { FundBudgetRaise } from '../commands/fund-budget-raise/fund-budget-raise.command.js';
import { FundCampaign } from '../commands/fund-campaign/fund-campaign.command.js';
import { ReleaseCampaignBudget } from '../commands/release-campaign-budget/release-campaign-budget.command.js';
import { ReleaseLoweredBudget } from '../commands/release-lowered-budget/release-lowered-budget.command.js';
import type { CampaignEvent } from '../contracts/campaign-events.js';

export const CAMPAIGN_WALLET_STEP = 'campaign-wallet-step';

type CampaignWalletEvent = JsonEvent & Extract<CampaignEvent, { type: 'CampaignCreated' | 'BudgetRaiseRequested' | 'BudgetLowered' | 'CampaignEnded' }>;

/**
 * The process between a campaign and its owner's wallet (money.md, "Streams and consistency"):
 * the budget is a hold with the campaign's id. A created campaign asks the wallet to hold its
 * budget and records whether it did; a raise asks for more and records the answer; a lowered
 * budget and an ended campaign release money, which never fails. Each step's keys derive from
 * the campaign event, so a job that runs twice moves money once.
 */
export const campaignWalletTriggers: readonly JobTrigger[] = ['CampaignCreated', 'BudgetRaiseRequested', 'BudgetLowered', 'CampaignEnded'].map((eventType) => ({
  eventType,
  job: CAMPAIGN_WALLET_STEP,
}));

export function registerCampaignWalletJobs(jobs: JobQueue, commands: CommandBus): void {
  jobs.register<{ event: CampaignWalletEvent }>(CAMPAIGN_WALLET_STEP, ({ event }) => {
    const { context, idempotencyKey } = stepFrom(event);
    switch (event.type) {
      case 'CampaignCreated':
        return commands.execute(new FundCampaign(event.data, context, idempotencyKey));
      case 'BudgetRaiseRequested':
        return commands.execute(new FundBudgetRaise(event.data, context, idempotencyKey));
      case 'BudgetLowered':
        return commands.execute(new ReleaseLoweredBudget(event.data, context, idempotencyKey));
      case 'CampaignEnded':
        return commands.execute(new ReleaseCampaignBudget(event.data, context, idempotencyKey));
    }
  });
}

import { Inject, Injectable, Module, type OnModuleInit } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { JobQueue } from '../../platform/jobs/job-queue.port.js';
import { JOB_QUEUE } from '../../platform/tokens.js';
import { CampaignWalletStepHandler } from './commands/campaign-wallet-step/campaign-wallet-step.handler.js';
import { DecideCampaignHandler } from './commands/change-campaign/change-campaign.handler.js';
import { CampaignsController } from './commands/campaigns.http.controller.js';
import { CreateCampaignHandler } from './commands/create-campaign/create-campaign.handler.js';
import { PauseAllCampaignsHandler } from './commands/pause-all-campaigns/pause-all-campaigns.handler.js';
import { CreateLeadVendorHandler } from './commands/create-lead-vendor/create-lead-vendor.handler.js';
import { LeadIntakeController } from './commands/lead-intake.http.controller.js';
import { LeadVendorsAdminController } from './commands/lead-vendors.admin.http.controller.js';
import { ReceiveLeadsHandler } from './commands/receive-leads/receive-leads.handler.js';
import { RevokeLeadVendorHandler } from './commands/revoke-lead-vendor/revoke-lead-vendor.handler.js';
import { CampaignsReadController } from './queries/campaigns-read.http.controller.js';
import { MyLeadsController } from './queries/my-leads.http.controller.js';
import { AllocateLeadHandler } from './commands/allocate-lead/allocate-lead.handler.js';
import { DecideLeadHandler } from './commands/decide-lead/decide-lead.handler.js';
import { campaignWalletTriggers, registerCampaignWalletJobs } from './jobs/campaign-wallet.job.js';
import { leadAllocationTriggers, registerLeadAllocationJobs } from './jobs/lead-allocation.job.js';

/** The events of this module that start jobs (a campaign's money on its owner's wallet); AppModule hands them to the dispatcher. */
export const marketplaceJobTriggers = [...campaignWalletTriggers, ...leadAllocationTriggers];

@Injectable()
class MarketplaceJobs implements OnModuleInit {
  constructor(
    @Inject(JOB_QUEUE) private readonly jobs: JobQueue,
    private readonly commands: CommandBus,
  ) {}

  onModuleInit(): void {
    registerCampaignWalletJobs(this.jobs, this.commands);
    registerLeadAllocationJobs(this.jobs, this.commands);
  }
}

/** The lead marketplace (issue 10): campaigns whose budgets are holds on their owners' wallets, and leads posted by vendors. */
@Module({
  controllers: [CampaignsController, CampaignsReadController, LeadVendorsAdminController, LeadIntakeController, MyLeadsController],
  providers: [
    DecideCampaignHandler,
    CreateCampaignHandler,
    PauseAllCampaignsHandler,
    CampaignWalletStepHandler,
    CreateLeadVendorHandler,
    RevokeLeadVendorHandler,
    ReceiveLeadsHandler,
    DecideLeadHandler,
    AllocateLeadHandler,
    MarketplaceJobs,
  ],
})
export class MarketplaceModule {}

import { Inject, Injectable, Module, type OnApplicationBootstrap, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';

import type { AppConfig } from '../../platform/config/config.js';
import type { JobQueue } from '../../platform/jobs/job-queue.port.js';
import { keepScheduled } from '../../platform/jobs/keep-scheduled.js';
import { CONFIG, JOB_QUEUE } from '../../platform/tokens.js';
import { AgeUnsoldLeads, AgeUnsoldLeadsHandler } from './commands/age-unsold-leads/age-unsold-leads.handler.js';
import { AgedOrdersController } from './commands/aged-orders.http.controller.js';
import { AllocateLeadHandler } from './commands/allocate-lead/allocate-lead.handler.js';
import { ApproveLeadReturnHandler } from './commands/approve-lead-return/approve-lead-return.handler.js';
import { ApproveLeadReturnController } from './commands/approve-lead-return/approve-lead-return.http.controller.js';
import { AssignLeadHandler, AssignRoundRobinHandler, CloseReturnedLeadHandler } from './commands/assign-lead/assign-lead.handler.js';
import { BusinessLeadsController } from './commands/business-leads.http.controller.js';
import { ChangeCampaignSettingsHandler } from './commands/change-campaign-settings/change-campaign-settings.handler.js';
import { ChangeCampaignSettingsController } from './commands/change-campaign-settings/change-campaign-settings.http.controller.js';
import { ChangeGroupHandler } from './commands/change-group/change-group.handler.js';
import { CompleteLeadOrderHandler } from './commands/complete-lead-order/complete-lead-order.handler.js';
import { CreateCampaignHandler } from './commands/create-campaign/create-campaign.handler.js';
import { CreateCampaignController } from './commands/create-campaign/create-campaign.http.controller.js';
import { CreateLeadVendorHandler } from './commands/create-lead-vendor/create-lead-vendor.handler.js';
import { CreditApprovedReturnHandler } from './commands/credit-approved-return/credit-approved-return.handler.js';
import { DenyLeadReturnHandler } from './commands/deny-lead-return/deny-lead-return.handler.js';
import { DenyLeadReturnController } from './commands/deny-lead-return/deny-lead-return.http.controller.js';
import { EndCampaignHandler } from './commands/end-campaign/end-campaign.handler.js';
import { EndCampaignController } from './commands/end-campaign/end-campaign.http.controller.js';
import { FundBudgetRaiseHandler } from './commands/fund-budget-raise/fund-budget-raise.handler.js';
import { FundCampaignHandler } from './commands/fund-campaign/fund-campaign.handler.js';
import { GroupsController } from './commands/groups.http.controller.js';
import { ImportAgedLeadsController } from './commands/import-aged-leads/import-aged-leads.http.controller.js';
import { ImportGroupsHandler } from './commands/import-groups/import-groups.handler.js';
import { InquiryAgedPurchaseController } from './commands/inquiry-aged-purchase.admin.http.controller.js';
import { LeadAssignmentsController } from './commands/lead-assignments.http.controller.js';
import { LeadIntakeController } from './commands/lead-intake.http.controller.js';
import { LeadPricesAdminController } from './commands/lead-prices.admin.http.controller.js';
import { LeadVendorsAdminController } from './commands/lead-vendors.admin.http.controller.js';
import { LowerCampaignBudgetHandler } from './commands/lower-campaign-budget/lower-campaign-budget.handler.js';
import { OfferLeadHandler } from './commands/offer-lead/offer-lead.handler.js';
import { PauseAllCampaignsHandler } from './commands/pause-all-campaigns/pause-all-campaigns.handler.js';
import { PauseAllCampaignsController } from './commands/pause-all-campaigns/pause-all-campaigns.http.controller.js';
import { PauseCampaignHandler } from './commands/pause-campaign/pause-campaign.handler.js';
import { SetCampaignActiveController } from './commands/pause-campaign/pause-campaign.http.controller.js';
import { PlaceLeadOrderHandler } from './commands/place-lead-order/place-lead-order.handler.js';
import { RaiseCampaignBudgetHandler } from './commands/raise-campaign-budget/raise-campaign-budget.handler.js';
import { ChangeCampaignBudgetController } from './commands/raise-campaign-budget/raise-campaign-budget.http.controller.js';
import { ReceiveLeadsHandler } from './commands/receive-leads/receive-leads.handler.js';
import { RecordBudgetRaiseHandler } from './commands/record-budget-raise/record-budget-raise.handler.js';
import { RecordCampaignFundingHandler } from './commands/record-campaign-funding/record-campaign-funding.handler.js';
import { ReleaseCampaignBudgetHandler } from './commands/release-campaign-budget/release-campaign-budget.handler.js';
import { ReleaseCampaignReservationHandler } from './commands/release-campaign-reservation/release-campaign-reservation.handler.js';
import { ReleaseLoweredBudgetHandler } from './commands/release-lowered-budget/release-lowered-budget.handler.js';
import { RequestLeadReturnHandler } from './commands/request-lead-return/request-lead-return.handler.js';
import { RequestLeadReturnController } from './commands/request-lead-return/request-lead-return.http.controller.js';
import { ReserveCampaignLeadHandler } from './commands/reserve-campaign-lead/reserve-campaign-lead.handler.js';
import { ResumeCampaignHandler } from './commands/resume-campaign/resume-campaign.handler.js';
import { RevokeLeadVendorHandler } from './commands/revoke-lead-vendor/revoke-lead-vendor.handler.js';
import { SetLeadPriceHandler } from './commands/set-lead-price/set-lead-price.handler.js';
import { SettleLeadOffersHandler } from './commands/settle-lead-offers/settle-lead-offers.handler.js';
import { SweepAgedOrders, SweepAgedOrdersHandler } from './commands/sweep-aged-orders/sweep-aged-orders.handler.js';
import { campaignWalletTriggers, registerCampaignWalletJobs } from './jobs/campaign-wallet.job.js';
import { leadAllocationTriggers, registerLeadAllocationJobs } from './jobs/lead-allocation.job.js';
import { leadAssignmentTriggers, registerLeadAssignmentJobs } from './jobs/lead-assignment.job.js';
import { leadOrderTriggers, registerLeadOrderJobs } from './jobs/lead-orders.job.js';
import { leadReturnTriggers, registerLeadReturnJobs } from './jobs/lead-returns.job.js';
import { DashboardController } from './queries/dashboard.http.controller.js';
import { GetCampaignActivityController } from './queries/get-campaign-activity/get-campaign-activity.http.controller.js';
import { GetCampaignController } from './queries/get-campaign/get-campaign.http.controller.js';
import { GetReturnReasonsController } from './queries/get-return-reasons/get-return-reasons.http.controller.js';
import { LeadSitesController } from './queries/lead-sites.http.controller.js';
import { ListCampaignsController } from './queries/list-campaigns/list-campaigns.http.controller.js';
import { ListLeadReturnsController } from './queries/list-lead-returns/list-lead-returns.admin.http.controller.js';
import { ListMyLeadReturnsController } from './queries/list-my-lead-returns/list-my-lead-returns.http.controller.js';
import { MyLeadsController } from './queries/my-leads.http.controller.js';

/** The events of this module that start jobs (a campaign's money on its owner's wallet); AppModule hands them to the dispatcher. */
export const marketplaceJobTriggers = [
  ...campaignWalletTriggers,
  ...leadAllocationTriggers,
  ...leadOrderTriggers,
  ...leadReturnTriggers,
  ...leadAssignmentTriggers,
];

const AGE_LEADS = 'age-unsold-leads';
const SWEEP_AGED_ORDERS = 'sweep-aged-orders';
const AGE_EVERY_MS = 60 * 60_000;

@Injectable()
class MarketplaceJobs implements OnModuleInit, OnApplicationBootstrap, OnApplicationShutdown {
  private readonly schedules: (() => void)[] = [];

  constructor(
    @Inject(JOB_QUEUE) private readonly jobs: JobQueue,
    private readonly commands: CommandBus,
    @Inject(CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    registerCampaignWalletJobs(this.jobs, this.commands);
    registerLeadAllocationJobs(this.jobs, this.commands);
    registerLeadOrderJobs(this.jobs, this.commands);
    registerLeadReturnJobs(this.jobs, this.commands);
    registerLeadAssignmentJobs(this.jobs, this.commands);
    this.jobs.register(AGE_LEADS, async () => {
      await this.commands.execute(new AgeUnsoldLeads(this.config.leads.agedAfterDays));
    });
    this.jobs.register(SWEEP_AGED_ORDERS, async () => {
      await this.commands.execute(new SweepAgedOrders());
    });
  }

  /** Unsold leads age into the aged inventory every hour, and cut-off aged orders are finished every few minutes (each run once across processes). */
  onApplicationBootstrap(): void {
    if (!this.config.runWorkers) return;
    this.schedules.push(keepScheduled(this.jobs, AGE_LEADS, { everyMs: AGE_EVERY_MS }));
    this.schedules.push(keepScheduled(this.jobs, SWEEP_AGED_ORDERS, { everyMs: this.config.leads.agedOrderSweepMs }));
  }

  onApplicationShutdown(): void {
    for (const stop of this.schedules) stop();
  }
}

/** The lead marketplace: campaigns whose budgets are holds on their owners' wallets, and leads posted by vendors. */
@Module({
  controllers: [
    CreateCampaignController,
    PauseAllCampaignsController,
    SetCampaignActiveController,
    ChangeCampaignBudgetController,
    ChangeCampaignSettingsController,
    EndCampaignController,
    ListCampaignsController,
    GetCampaignController,
    GetCampaignActivityController,
    LeadVendorsAdminController,
    LeadIntakeController,
    MyLeadsController,
    AgedOrdersController,
    LeadPricesAdminController,
    GetReturnReasonsController,
    RequestLeadReturnController,
    ListMyLeadReturnsController,
    ListLeadReturnsController,
    ApproveLeadReturnController,
    DenyLeadReturnController,
    GroupsController,
    DashboardController,
    ImportAgedLeadsController,
    LeadAssignmentsController,
    BusinessLeadsController,
    InquiryAgedPurchaseController,
    LeadSitesController,
  ],
  providers: [
    CreateCampaignHandler,
    PauseCampaignHandler,
    ResumeCampaignHandler,
    PauseAllCampaignsHandler,
    RaiseCampaignBudgetHandler,
    LowerCampaignBudgetHandler,
    ChangeCampaignSettingsHandler,
    EndCampaignHandler,
    RecordCampaignFundingHandler,
    RecordBudgetRaiseHandler,
    ReserveCampaignLeadHandler,
    ReleaseCampaignReservationHandler,
    FundCampaignHandler,
    FundBudgetRaiseHandler,
    ReleaseLoweredBudgetHandler,
    ReleaseCampaignBudgetHandler,
    CreateLeadVendorHandler,
    RevokeLeadVendorHandler,
    ReceiveLeadsHandler,
    OfferLeadHandler,
    SettleLeadOffersHandler,
    RequestLeadReturnHandler,
    ApproveLeadReturnHandler,
    DenyLeadReturnHandler,
    AllocateLeadHandler,
    PlaceLeadOrderHandler,
    CompleteLeadOrderHandler,
    AgeUnsoldLeadsHandler,
    SweepAgedOrdersHandler,
    SetLeadPriceHandler,
    CreditApprovedReturnHandler,
    ChangeGroupHandler,
    ImportGroupsHandler,
    AssignLeadHandler,
    AssignRoundRobinHandler,
    CloseReturnedLeadHandler,
    MarketplaceJobs,
  ],
})
export class MarketplaceModule {}

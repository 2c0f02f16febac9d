import { Inject, Injectable, Module, type OnApplicationBootstrap, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';

import type { AppConfig } from '../../platform/config/config.js';
import type { JobQueue } from '../../platform/jobs/job-queue.port.js';
import { keepScheduled } from '../../platform/jobs/keep-scheduled.js';
import { CONFIG, JOB_QUEUE } from '../../platform/tokens.js';
import { AddGroupMembersHandler } from './commands/add-group-members/add-group-members.handler.js';
import { AddGroupMembersController } from './commands/add-group-members/add-group-members.http.controller.js';
import { AgeUnsoldLeadsHandler } from './commands/age-unsold-leads/age-unsold-leads.handler.js';
import { AllocateLeadHandler } from './commands/allocate-lead/allocate-lead.handler.js';
import { AssignLeadHandler } from './commands/assign-lead/assign-lead.handler.js';
import { AssignLeadController } from './commands/assign-lead/assign-lead.http.controller.js';
import { AssignLeadsRoundRobinHandler } from './commands/assign-leads-round-robin/assign-leads-round-robin.handler.js';
import { CampaignWalletStepHandler } from './commands/campaign-wallet-step/campaign-wallet-step.handler.js';
import { CampaignsController } from './commands/campaigns.http.controller.js';
import { DecideCampaignHandler } from './commands/change-campaign/change-campaign.handler.js';
import { CloseReturnedLeadHandler } from './commands/close-returned-lead/close-returned-lead.handler.js';
import { CompleteLeadOrderHandler } from './commands/complete-lead-order/complete-lead-order.handler.js';
import { CreateCampaignHandler } from './commands/create-campaign/create-campaign.handler.js';
import { CreateGroupHandler } from './commands/create-group/create-group.handler.js';
import { CreateGroupController } from './commands/create-group/create-group.http.controller.js';
import { CreateLeadVendorController } from './commands/create-lead-vendor/create-lead-vendor.admin.http.controller.js';
import { CreateLeadVendorHandler } from './commands/create-lead-vendor/create-lead-vendor.handler.js';
import { CreditApprovedReturnHandler } from './commands/credit-lead-return-step/credit-lead-return-step.handler.js';
import { DecideLeadHandler } from './commands/decide-lead/decide-lead.handler.js';
import { DeleteGroupHandler } from './commands/delete-group/delete-group.handler.js';
import { DeleteGroupController } from './commands/delete-group/delete-group.http.controller.js';
import { ImportGroupsHandler } from './commands/import-groups/import-groups.handler.js';
import { ImportGroupsController } from './commands/import-groups/import-groups.http.controller.js';
import { LeadReturnsController } from './commands/lead-returns.http.controller.js';
import { PauseAllCampaignsHandler } from './commands/pause-all-campaigns/pause-all-campaigns.handler.js';
import { BuyBusinessLeadsController } from './commands/place-lead-order/buy-business-leads.http.controller.js';
import { InquiryAgedPurchaseController } from './commands/place-lead-order/inquiry-aged-purchase.admin.http.controller.js';
import { PlaceAgedOrderController } from './commands/place-lead-order/place-aged-order.http.controller.js';
import { PlaceLeadOrderHandler } from './commands/place-lead-order/place-lead-order.handler.js';
import { ImportAgedLeadsController } from './commands/receive-leads/import-aged-leads.admin.http.controller.js';
import { ReceiveLeadsHandler } from './commands/receive-leads/receive-leads.handler.js';
import { ReceiveLeadsController } from './commands/receive-leads/receive-leads.http.controller.js';
import { RemoveGroupMemberHandler } from './commands/remove-group-member/remove-group-member.handler.js';
import { RemoveGroupMemberController } from './commands/remove-group-member/remove-group-member.http.controller.js';
import { RenameGroupHandler } from './commands/rename-group/rename-group.handler.js';
import { RenameGroupController } from './commands/rename-group/rename-group.http.controller.js';
import { RevokeLeadVendorController } from './commands/revoke-lead-vendor/revoke-lead-vendor.admin.http.controller.js';
import { RevokeLeadVendorHandler } from './commands/revoke-lead-vendor/revoke-lead-vendor.handler.js';
import { SetLeadPriceController } from './commands/set-lead-price/set-lead-price.admin.http.controller.js';
import { SetLeadPriceHandler } from './commands/set-lead-price/set-lead-price.handler.js';
import { SweepAgedOrdersHandler } from './commands/sweep-aged-orders/sweep-aged-orders.handler.js';
import { AGE_LEADS, registerAgedInventoryJobs, SWEEP_AGED_ORDERS } from './jobs/aged-inventory.job.js';
import { campaignWalletTriggers, registerCampaignWalletJobs } from './jobs/campaign-wallet.job.js';
import { leadAllocationTriggers, registerLeadAllocationJobs } from './jobs/lead-allocation.job.js';
import { leadAssignmentTriggers, registerLeadAssignmentJobs } from './jobs/lead-assignment.job.js';
import { leadOrderTriggers, registerLeadOrderJobs } from './jobs/lead-orders.job.js';
import { leadReturnTriggers, registerLeadReturnJobs } from './jobs/lead-returns.job.js';
import { CampaignsReadController } from './queries/campaigns-read.http.controller.js';
import { GetAgedAvailabilityController } from './queries/get-aged-availability/get-aged-availability.http.controller.js';
import { GetDashboardController } from './queries/get-dashboard/get-dashboard.http.controller.js';
import { GetGroupController } from './queries/get-group/get-group.http.controller.js';
import { GetLeadSitesController } from './queries/get-lead-sites/get-lead-sites.http.controller.js';
import { ListAssigneesController } from './queries/list-assignees/list-assignees.http.controller.js';
import { ListBusinessLeadsController } from './queries/list-business-leads/list-business-leads.http.controller.js';
import { ListGroupsController } from './queries/list-groups/list-groups.http.controller.js';
import { ListLeadPricesController } from './queries/list-lead-prices/list-lead-prices.admin.http.controller.js';
import { ListLeadVendorsController } from './queries/list-lead-vendors/list-lead-vendors.admin.http.controller.js';
import { ListLeadsAssignedToMeController } from './queries/list-leads-assigned-to-me/list-leads-assigned-to-me.http.controller.js';
import { ListMyLeadsController } from './queries/list-my-leads/list-my-leads.http.controller.js';

/** The events of this module that start jobs (a campaign's money on its owner's wallet); AppModule hands them to the dispatcher. */
export const marketplaceJobTriggers = [
  ...campaignWalletTriggers,
  ...leadAllocationTriggers,
  ...leadOrderTriggers,
  ...leadReturnTriggers,
  ...leadAssignmentTriggers,
];

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
    registerAgedInventoryJobs(this.jobs, this.commands, this.config);
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
    CampaignsController,
    CampaignsReadController,
    ListLeadVendorsController,
    CreateLeadVendorController,
    RevokeLeadVendorController,
    ReceiveLeadsController,
    ListMyLeadsController,
    GetAgedAvailabilityController,
    PlaceAgedOrderController,
    ListLeadPricesController,
    SetLeadPriceController,
    LeadReturnsController,
    ListGroupsController,
    GetGroupController,
    CreateGroupController,
    RenameGroupController,
    DeleteGroupController,
    AddGroupMembersController,
    RemoveGroupMemberController,
    ImportGroupsController,
    GetDashboardController,
    ImportAgedLeadsController,
    AssignLeadController,
    ListAssigneesController,
    ListLeadsAssignedToMeController,
    ListBusinessLeadsController,
    BuyBusinessLeadsController,
    InquiryAgedPurchaseController,
    GetLeadSitesController,
  ],
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
    PlaceLeadOrderHandler,
    CompleteLeadOrderHandler,
    AgeUnsoldLeadsHandler,
    SweepAgedOrdersHandler,
    SetLeadPriceHandler,
    CreditApprovedReturnHandler,
    CreateGroupHandler,
    RenameGroupHandler,
    DeleteGroupHandler,
    AddGroupMembersHandler,
    RemoveGroupMemberHandler,
    ImportGroupsHandler,
    AssignLeadHandler,
    AssignLeadsRoundRobinHandler,
    CloseReturnedLeadHandler,
    MarketplaceJobs,
  ],
})
export class MarketplaceModule {}

import { Inject, Injectable, Module, type OnApplicationBootstrap, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type pg from 'pg';

import type { JobQueue } from '../../platform/jobs/job-queue.port.js';
import { keepScheduled } from '../../platform/jobs/keep-scheduled.js';
import type { Mailer } from '../../platform/mail/mailer.js';
import type { RealtimeHub } from '../../platform/realtime/realtime-hub.js';
import { CONFIG, JOB_QUEUE, MAILER, REALTIME_HUB, SQL_POOL } from '../../platform/tokens.js';
import { AcceptGroupInvitationHandler } from './commands/accept-group-invitation/accept-group-invitation.handler.js';
import { AcceptGroupInvitationController } from './commands/accept-group-invitation/accept-group-invitation.http.controller.js';
import { AgeUnsoldLeadsHandler } from './commands/age-unsold-leads/age-unsold-leads.handler.js';
import { AllocateLeadHandler } from './commands/allocate-lead/allocate-lead.handler.js';
import { ApproveLeadReturnHandler } from './commands/approve-lead-return/approve-lead-return.handler.js';
import { ApproveLeadReturnController } from './commands/approve-lead-return/approve-lead-return.http.controller.js';
import { AssignLeadHandler } from './commands/assign-lead/assign-lead.handler.js';
import { AssignLeadController } from './commands/assign-lead/assign-lead.http.controller.js';
import { AssignLeadsRoundRobinHandler } from './commands/assign-leads-round-robin/assign-leads-round-robin.handler.js';
import { CancelGroupInvitationHandler } from './commands/cancel-group-invitation/cancel-group-invitation.handler.js';
import { CancelGroupInvitationController } from './commands/cancel-group-invitation/cancel-group-invitation.http.controller.js';
import { ChangeCampaignSettingsHandler } from './commands/change-campaign-settings/change-campaign-settings.handler.js';
import { ChangeCampaignSettingsController } from './commands/change-campaign-settings/change-campaign-settings.http.controller.js';
import { ChangeLeadVendorController } from './commands/change-lead-vendor/change-lead-vendor.admin.http.controller.js';
import { ChangeLeadVendorHandler } from './commands/change-lead-vendor/change-lead-vendor.handler.js';
import { CloseReturnedLeadHandler } from './commands/close-returned-lead/close-returned-lead.handler.js';
import { CompleteLeadOrderHandler } from './commands/complete-lead-order/complete-lead-order.handler.js';
import { CreateCampaignHandler } from './commands/create-campaign/create-campaign.handler.js';
import { CreateCampaignController } from './commands/create-campaign/create-campaign.http.controller.js';
import { CreateGroupHandler } from './commands/create-group/create-group.handler.js';
import { CreateGroupController } from './commands/create-group/create-group.http.controller.js';
import { CreateLeadVendorController } from './commands/create-lead-vendor/create-lead-vendor.admin.http.controller.js';
import { CreateLeadVendorHandler } from './commands/create-lead-vendor/create-lead-vendor.handler.js';
import { CreditApprovedReturnHandler } from './commands/credit-approved-return/credit-approved-return.handler.js';
import { DeclineGroupInvitationHandler } from './commands/decline-group-invitation/decline-group-invitation.handler.js';
import { DeclineGroupInvitationController } from './commands/decline-group-invitation/decline-group-invitation.http.controller.js';
import { DeleteGroupHandler } from './commands/delete-group/delete-group.handler.js';
import { DeleteGroupController } from './commands/delete-group/delete-group.http.controller.js';
import { DenyLeadReturnHandler } from './commands/deny-lead-return/deny-lead-return.handler.js';
import { DenyLeadReturnController } from './commands/deny-lead-return/deny-lead-return.http.controller.js';
import { EndCampaignHandler } from './commands/end-campaign/end-campaign.handler.js';
import { EndCampaignController } from './commands/end-campaign/end-campaign.http.controller.js';
import { FundBudgetRaiseHandler } from './commands/fund-budget-raise/fund-budget-raise.handler.js';
import { FundCampaignHandler } from './commands/fund-campaign/fund-campaign.handler.js';
import { ImportAgedLeadsHandler } from './commands/import-aged-leads/import-aged-leads.handler.js';
import { ImportGroupsHandler } from './commands/import-groups/import-groups.handler.js';
import { ImportGroupsController } from './commands/import-groups/import-groups.http.controller.js';
import { InviteGroupMembersHandler } from './commands/invite-group-members/invite-group-members.handler.js';
import { InviteGroupMembersController } from './commands/invite-group-members/invite-group-members.http.controller.js';
import { LeaveGroupHandler } from './commands/leave-group/leave-group.handler.js';
import { LeaveGroupController } from './commands/leave-group/leave-group.http.controller.js';
import { LowerCampaignBudgetHandler } from './commands/lower-campaign-budget/lower-campaign-budget.handler.js';
import { OfferLeadHandler } from './commands/offer-lead/offer-lead.handler.js';
import { PauseAllCampaignsHandler } from './commands/pause-all-campaigns/pause-all-campaigns.handler.js';
import { PauseAllCampaignsController } from './commands/pause-all-campaigns/pause-all-campaigns.http.controller.js';
import { PauseCampaignHandler } from './commands/pause-campaign/pause-campaign.handler.js';
import { SetCampaignActiveController } from './commands/pause-campaign/pause-campaign.http.controller.js';
import { BuyBusinessLeadsController } from './commands/place-lead-order/buy-business-leads.http.controller.js';
import { InquiryAgedPurchaseController } from './commands/place-lead-order/inquiry-aged-purchase.admin.http.controller.js';
import { PlaceAgedOrderController } from './commands/place-lead-order/place-aged-order.http.controller.js';
import { PlaceLeadOrderHandler } from './commands/place-lead-order/place-lead-order.handler.js';
import { RaiseCampaignBudgetHandler } from './commands/raise-campaign-budget/raise-campaign-budget.handler.js';
import { ChangeCampaignBudgetController } from './commands/raise-campaign-budget/raise-campaign-budget.http.controller.js';
import { ReceiveLeadsHandler } from './commands/receive-leads/receive-leads.handler.js';
import { ReceiveLeadsController } from './commands/receive-leads/receive-leads.http.controller.js';
import { RecordBudgetRaiseHandler } from './commands/record-budget-raise/record-budget-raise.handler.js';
import { RecordCampaignFundingHandler } from './commands/record-campaign-funding/record-campaign-funding.handler.js';
import { ReleaseCampaignBudgetHandler } from './commands/release-campaign-budget/release-campaign-budget.handler.js';
import { ReleaseCampaignReservationHandler } from './commands/release-campaign-reservation/release-campaign-reservation.handler.js';
import { ReleaseLoweredBudgetHandler } from './commands/release-lowered-budget/release-lowered-budget.handler.js';
import { RemoveGroupMemberHandler } from './commands/remove-group-member/remove-group-member.handler.js';
import { RemoveGroupMemberController } from './commands/remove-group-member/remove-group-member.http.controller.js';
import { RenameGroupHandler } from './commands/rename-group/rename-group.handler.js';
import { RenameGroupController } from './commands/rename-group/rename-group.http.controller.js';
import { RequestLeadReturnHandler } from './commands/request-lead-return/request-lead-return.handler.js';
import { RequestLeadReturnController } from './commands/request-lead-return/request-lead-return.http.controller.js';
import { ReserveCampaignLeadHandler } from './commands/reserve-campaign-lead/reserve-campaign-lead.handler.js';
import { ResumeCampaignHandler } from './commands/resume-campaign/resume-campaign.handler.js';
import { RevokeLeadVendorController } from './commands/revoke-lead-vendor/revoke-lead-vendor.admin.http.controller.js';
import { RevokeLeadVendorHandler } from './commands/revoke-lead-vendor/revoke-lead-vendor.handler.js';
import { SetLeadPriceController } from './commands/set-lead-price/set-lead-price.admin.http.controller.js';
import { SetLeadPriceHandler } from './commands/set-lead-price/set-lead-price.handler.js';
import { SettleLeadOffersHandler } from './commands/settle-lead-offers/settle-lead-offers.handler.js';
import { StartAgedImportController } from './commands/start-aged-import/start-aged-import.admin.http.controller.js';
import { StartAgedImportHandler } from './commands/start-aged-import/start-aged-import.handler.js';
import { StartLeadReturnFromHelpRequestController } from './commands/start-lead-return-from-help-request/start-lead-return-from-help-request.admin.http.controller.js';
import { StartLeadReturnFromHelpRequestHandler } from './commands/start-lead-return-from-help-request/start-lead-return-from-help-request.handler.js';
import { SweepAgedOrdersHandler } from './commands/sweep-aged-orders/sweep-aged-orders.handler.js';
import { agedImportTriggers, registerAgedImportJobs } from './jobs/aged-import.job.js';
import { AGE_LEADS, registerAgedInventoryJobs, SWEEP_AGED_ORDERS } from './jobs/aged-inventory.job.js';
import { campaignWalletTriggers, registerCampaignWalletJobs } from './jobs/campaign-wallet.job.js';
import { groupInvitationTriggers, registerGroupInvitationJobs } from './jobs/group-invitation-mail.job.js';
import { leadAllocationTriggers, registerLeadAllocationJobs } from './jobs/lead-allocation.job.js';
import { leadAssignmentTriggers, registerLeadAssignmentJobs } from './jobs/lead-assignment.job.js';
import { leadOrderTriggers, registerLeadOrderJobs } from './jobs/lead-orders.job.js';
import { leadReturnTriggers, registerLeadReturnJobs } from './jobs/lead-returns.job.js';
import type { MarketplaceConfig } from './marketplace.config.js';
import { GetAgedAvailabilityController } from './queries/get-aged-availability/get-aged-availability.http.controller.js';
import { GetAgedImportController } from './queries/get-aged-import/get-aged-import.admin.http.controller.js';
import { GetCampaignActivityController } from './queries/get-campaign-activity/get-campaign-activity.http.controller.js';
import { GetCampaignController } from './queries/get-campaign/get-campaign.http.controller.js';
import { GetDashboardController } from './queries/get-dashboard/get-dashboard.http.controller.js';
import { GetGroupController } from './queries/get-group/get-group.http.controller.js';
import { GetLeadSitesController } from './queries/get-lead-sites/get-lead-sites.http.controller.js';
import { GetReturnReasonsController } from './queries/get-return-reasons/get-return-reasons.http.controller.js';
import { ListAgedImportsController } from './queries/list-aged-imports/list-aged-imports.admin.http.controller.js';
import { ListAssigneesController } from './queries/list-assignees/list-assignees.http.controller.js';
import { ListBusinessLeadsController } from './queries/list-business-leads/list-business-leads.http.controller.js';
import { ListCampaignsController } from './queries/list-campaigns/list-campaigns.http.controller.js';
import { ListGroupInvitationsController } from './queries/list-group-invitations/list-group-invitations.http.controller.js';
import { ListGroupMembershipsController } from './queries/list-group-memberships/list-group-memberships.http.controller.js';
import { ListGroupsController } from './queries/list-groups/list-groups.http.controller.js';
import { ListLeadPricesController } from './queries/list-lead-prices/list-lead-prices.admin.http.controller.js';
import { ListLeadPricesForBuyersController } from './queries/list-lead-prices/list-lead-prices.http.controller.js';
import { ListLeadReturnsController } from './queries/list-lead-returns/list-lead-returns.admin.http.controller.js';
import { ListLeadVendorsController } from './queries/list-lead-vendors/list-lead-vendors.admin.http.controller.js';
import { ListLeadsAssignedToMeController } from './queries/list-leads-assigned-to-me/list-leads-assigned-to-me.http.controller.js';
import { ListMyLeadReturnsController } from './queries/list-my-lead-returns/list-my-lead-returns.http.controller.js';
import { ListMyLeadsController } from './queries/list-my-leads/list-my-leads.http.controller.js';

/** The events of this module that start jobs (a campaign's money on its owner's wallet); AppModule hands them to the dispatcher. */
export const marketplaceJobTriggers = [
  ...campaignWalletTriggers,
  ...leadAllocationTriggers,
  ...leadOrderTriggers,
  ...leadReturnTriggers,
  ...leadAssignmentTriggers,
  ...groupInvitationTriggers,
  ...agedImportTriggers,
];

const AGE_EVERY_MS = 60 * 60_000;

@Injectable()
class MarketplaceJobs implements OnModuleInit, OnApplicationBootstrap, OnApplicationShutdown {
  private readonly schedules: (() => void)[] = [];

  constructor(
    @Inject(JOB_QUEUE) private readonly jobs: JobQueue,
    private readonly commands: CommandBus,
    @Inject(CONFIG) private readonly config: MarketplaceConfig,
    @Inject(SQL_POOL) private readonly pool: pg.Pool,
    @Inject(MAILER) private readonly mailer: Mailer,
    @Inject(REALTIME_HUB) private readonly realtime: RealtimeHub,
  ) {}

  onModuleInit(): void {
    registerCampaignWalletJobs(this.jobs, this.commands);
    registerLeadAllocationJobs(this.jobs, this.commands);
    registerLeadOrderJobs(this.jobs, this.commands);
    registerLeadReturnJobs(this.jobs, this.commands);
    registerLeadAssignmentJobs(this.jobs, this.commands);
    registerAgedInventoryJobs(this.jobs, this.commands, this.config);
    registerAgedImportJobs(this.jobs, this.commands);
    registerGroupInvitationJobs(this.jobs, this.pool, this.mailer, this.realtime, this.config.publicUrl);
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
    ListLeadVendorsController,
    CreateLeadVendorController,
    ChangeLeadVendorController,
    RevokeLeadVendorController,
    ReceiveLeadsController,
    ListMyLeadsController,
    GetAgedAvailabilityController,
    PlaceAgedOrderController,
    ListLeadPricesController,
    ListLeadPricesForBuyersController,
    SetLeadPriceController,
    GetReturnReasonsController,
    RequestLeadReturnController,
    StartLeadReturnFromHelpRequestController,
    ListMyLeadReturnsController,
    ListLeadReturnsController,
    ApproveLeadReturnController,
    DenyLeadReturnController,
    ListGroupsController,
    GetGroupController,
    CreateGroupController,
    RenameGroupController,
    DeleteGroupController,
    InviteGroupMembersController,
    CancelGroupInvitationController,
    ListGroupInvitationsController,
    AcceptGroupInvitationController,
    DeclineGroupInvitationController,
    ListGroupMembershipsController,
    LeaveGroupController,
    RemoveGroupMemberController,
    ImportGroupsController,
    GetDashboardController,
    StartAgedImportController,
    GetAgedImportController,
    ListAgedImportsController,
    AssignLeadController,
    ListAssigneesController,
    ListLeadsAssignedToMeController,
    ListBusinessLeadsController,
    BuyBusinessLeadsController,
    InquiryAgedPurchaseController,
    GetLeadSitesController,
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
    ChangeLeadVendorHandler,
    RevokeLeadVendorHandler,
    ReceiveLeadsHandler,
    StartAgedImportHandler,
    ImportAgedLeadsHandler,
    OfferLeadHandler,
    SettleLeadOffersHandler,
    RequestLeadReturnHandler,
    StartLeadReturnFromHelpRequestHandler,
    ApproveLeadReturnHandler,
    DenyLeadReturnHandler,
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
    InviteGroupMembersHandler,
    CancelGroupInvitationHandler,
    AcceptGroupInvitationHandler,
    DeclineGroupInvitationHandler,
    LeaveGroupHandler,
    RemoveGroupMemberHandler,
    ImportGroupsHandler,
    AssignLeadHandler,
    AssignLeadsRoundRobinHandler,
    CloseReturnedLeadHandler,
    MarketplaceJobs,
  ],
})
export class MarketplaceModule {}

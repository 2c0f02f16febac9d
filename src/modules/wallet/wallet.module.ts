import { Inject, Injectable, Module, type OnApplicationBootstrap, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type pg from 'pg';

import type { JobQueue } from '../../platform/jobs/job-queue.port.js';
import type { Mailer } from '../../platform/mail/mailer.js';
import { CONFIG, JOB_QUEUE, MAILER, SQL_POOL } from '../../platform/tokens.js';
import { CARD_PAYMENTS, type CardPayments } from '../payments/contracts/card-payments.port.js';
import { AddTestCreditHandler } from './commands/add-test-credit/add-test-credit.handler.js';
import { AddTestCreditController } from './commands/add-test-credit/add-test-credit.http.controller.js';
import { AdjustBalanceHandler } from './commands/adjust-balance/adjust-balance.handler.js';
import { AdjustBalanceController } from './commands/adjust-balance/adjust-balance.http.controller.js';
import { CaptureHoldHandler } from './commands/capture-hold/capture-hold.handler.js';
import { ChargeAutoRechargeHandler } from './commands/charge-auto-recharge/charge-auto-recharge.handler.js';
import { ChargeWalletHandler } from './commands/charge-wallet/charge-wallet.handler.js';
import { AutoRechargeController } from './commands/configure-auto-recharge/auto-recharge.http.controller.js';
import { ConfigureAutoRechargeHandler } from './commands/configure-auto-recharge/configure-auto-recharge.handler.js';
import { CreditBonusHandler } from './commands/credit-bonus/credit-bonus.handler.js';
import { CreditBonusesHandler } from './commands/credit-bonuses/credit-bonuses.handler.js';
import { CreditLeadReturnHandler } from './commands/credit-lead-return/credit-lead-return.handler.js';
import { DepositFundsHandler } from './commands/deposit-funds/deposit-funds.handler.js';
import { IncreaseHoldHandler } from './commands/increase-hold/increase-hold.handler.js';
import { PlaceHoldHandler } from './commands/place-hold/place-hold.handler.js';
import { ReceiveTransferHandler } from './commands/receive-transfer/receive-transfer.handler.js';
import { ReconcileDayHandler } from './commands/reconcile-day/reconcile-day.handler.js';
import { ReconcileDayController } from './commands/reconcile-day/reconcile-day.http.controller.js';
import { RecordDisputeHandler } from './commands/record-dispute/record-dispute.handler.js';
import { RefundEntryFromHelpRequestController } from './commands/refund-entry-from-help-request/refund-entry-from-help-request.admin.http.controller.js';
import { RefundEntryFromHelpRequestHandler } from './commands/refund-entry-from-help-request/refund-entry-from-help-request.handler.js';
import { RefundPaymentHandler } from './commands/refund-payment/refund-payment.handler.js';
import { RefundTopUpHandler } from './commands/refund-top-up/refund-top-up.handler.js';
import { RefundTopUpController } from './commands/refund-top-up/refund-top-up.http.controller.js';
import { ReleaseHoldHandler } from './commands/release-hold/release-hold.handler.js';
import { SendTransferHandler } from './commands/send-transfer/send-transfer.handler.js';
import { SendTransferController } from './commands/send-transfer/send-transfer.http.controller.js';
import { TriggerAutoRechargeHandler } from './commands/trigger-auto-recharge/trigger-auto-recharge.handler.js';
import { autoRechargeTriggers, registerAutoRechargeJobs } from './jobs/auto-recharge.job.js';
import { keepReconcilingDaily, registerDailyReconciliation } from './jobs/daily-reconciliation.job.js';
import { registerTransferCreditJobs, transferCreditTriggers } from './jobs/transfer-credit.job.js';
import { ReconciliationController } from './queries/reconciliation/reconciliation.http.controller.js';
import { WalletLedger } from './services/wallet-ledger.js';
import type { WalletConfig } from './wallet.config.js';

/** The events of this module that start jobs (a transfer's credit, auto-recharge); AppModule hands them to the dispatcher. */
export const walletJobTriggers = [...transferCreditTriggers, ...autoRechargeTriggers];

@Injectable()
class WalletJobs implements OnModuleInit, OnApplicationBootstrap, OnApplicationShutdown {
  private stopSchedule: () => void = () => {};

  constructor(
    @Inject(JOB_QUEUE) private readonly jobs: JobQueue,
    private readonly commands: CommandBus,
    @Inject(SQL_POOL) private readonly pool: pg.Pool,
    @Inject(MAILER) private readonly mailer: Mailer,
    @Inject(CARD_PAYMENTS) private readonly payments: CardPayments,
    @Inject(CONFIG) private readonly config: WalletConfig,
  ) {}

  onModuleInit(): void {
    registerTransferCreditJobs(this.jobs, this.commands);
    registerAutoRechargeJobs(this.jobs, this.commands, { pool: this.pool, mailer: this.mailer, payments: this.payments, publicUrl: this.config.publicUrl });
    registerDailyReconciliation(this.jobs, this.commands, this.config.orgTimeZone);
  }

  onApplicationBootstrap(): void {
    if (this.config.runWorkers) this.stopSchedule = keepReconcilingDaily(this.jobs, this.config.orgTimeZone);
  }

  onApplicationShutdown(): void {
    this.stopSchedule();
  }
}

/** Each agent's wallet (money.md): the ledger's commands; other modules send them through the CommandBus (contracts/wallet-commands.ts). */
@Module({
  controllers: [
    AdjustBalanceController,
    AddTestCreditController,
    RefundTopUpController,
    RefundEntryFromHelpRequestController,
    SendTransferController,
    AutoRechargeController,
    ReconciliationController,
    ReconcileDayController,
  ],
  providers: [
    WalletLedger,
    DepositFundsHandler,
    ChargeWalletHandler,
    PlaceHoldHandler,
    IncreaseHoldHandler,
    CaptureHoldHandler,
    ReleaseHoldHandler,
    CreditBonusHandler,
    CreditBonusesHandler,
    CreditLeadReturnHandler,
    RefundPaymentHandler,
    RefundTopUpHandler,
    RefundEntryFromHelpRequestHandler,
    RecordDisputeHandler,
    AdjustBalanceHandler,
    AddTestCreditHandler,
    SendTransferHandler,
    ReceiveTransferHandler,
    ConfigureAutoRechargeHandler,
    TriggerAutoRechargeHandler,
    ChargeAutoRechargeHandler,
    ReconcileDayHandler,
    WalletJobs,
  ],
})
export class WalletModule {}

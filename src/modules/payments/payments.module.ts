import { Global, Inject, Injectable, Module, type OnApplicationBootstrap, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';

import type { JobQueue } from '../../platform/jobs/job-queue.port.js';
import { keepScheduled } from '../../platform/jobs/keep-scheduled.js';
import { CONFIG, JOB_QUEUE } from '../../platform/tokens.js';
import { cardPaymentsProvider, demoProviderProvider } from './card-payments.provider.js';
import { AuthenticateDemoPaymentHandler } from './commands/authenticate-demo-payment/authenticate-demo-payment.handler.js';
import { AuthenticateDemoPaymentController } from './commands/authenticate-demo-payment/authenticate-demo-payment.http.controller.js';
import { CancelDemoCheckoutHandler } from './commands/cancel-demo-checkout/cancel-demo-checkout.handler.js';
import { CancelDemoCheckoutController } from './commands/cancel-demo-checkout/cancel-demo-checkout.http.controller.js';
import { CloseDemoDisputeController } from './commands/close-demo-dispute/close-demo-dispute.admin.http.controller.js';
import { CloseDemoDisputeHandler } from './commands/close-demo-dispute/close-demo-dispute.handler.js';
import { DeletePaymentMethodHandler } from './commands/delete-payment-method/delete-payment-method.handler.js';
import { DeletePaymentMethodController } from './commands/delete-payment-method/delete-payment-method.http.controller.js';
import { ProcessPaymentWebhookHandler } from './commands/process-payment-webhook/process-payment-webhook.handler.js';
import { ReceivePaymentWebhookHandler } from './commands/receive-payment-webhook/receive-payment-webhook.handler.js';
import { ReceivePaymentWebhookController } from './commands/receive-payment-webhook/receive-payment-webhook.http.controller.js';
import { SetDefaultPaymentMethodHandler } from './commands/set-default-payment-method/set-default-payment-method.handler.js';
import { SetDefaultPaymentMethodController } from './commands/set-default-payment-method/set-default-payment-method.http.controller.js';
import { StartCardSetupHandler } from './commands/start-card-setup/start-card-setup.handler.js';
import { StartCardSetupController } from './commands/start-card-setup/start-card-setup.http.controller.js';
import { SubmitDemoCardHandler } from './commands/submit-demo-card/submit-demo-card.handler.js';
import { SubmitDemoCardController } from './commands/submit-demo-card/submit-demo-card.http.controller.js';
import { SweepCardPaymentsHandler } from './commands/sweep-card-payments/sweep-card-payments.handler.js';
import { TopUpWalletHandler } from './commands/top-up-wallet/top-up-wallet.handler.js';
import { TopUpWalletController } from './commands/top-up-wallet/top-up-wallet.http.controller.js';
import { CARD_PAYMENTS } from './contracts/card-payments.port.js';
import { DEMO_PROVIDER, type DemoProvider } from './domain/demo-provider.js';
import { registerCardPaymentJobs, SWEEP_PAYMENTS } from './jobs/card-payment-jobs.job.js';
import type { PaymentsConfig } from './payments.config.js';
import { GetDemoCheckoutController } from './queries/get-demo-checkout/get-demo-checkout.http.controller.js';
import { ListPaymentMethodsController } from './queries/list-payment-methods/list-payment-methods.http.controller.js';

@Injectable()
class PaymentsJobs implements OnModuleInit, OnApplicationBootstrap, OnApplicationShutdown {
  private stopSchedule: () => void = () => {};

  constructor(
    @Inject(CONFIG) private readonly config: PaymentsConfig,
    @Inject(JOB_QUEUE) private readonly jobs: JobQueue,
    @Inject(DEMO_PROVIDER) private readonly demo: DemoProvider | null,
    private readonly commands: CommandBus,
  ) {}

  onModuleInit(): void {
    registerCardPaymentJobs(this.jobs, this.commands);
    this.demo?.webhooks.registerJob();
  }

  /** The sweep every few minutes (each interval's run once across processes). */
  onApplicationBootstrap(): void {
    if (!this.config.runWorkers) return;
    this.stopSchedule = keepScheduled(this.jobs, SWEEP_PAYMENTS, { everyMs: this.config.paymentSweepMs });
  }

  onApplicationShutdown(): void {
    this.stopSchedule();
  }
}

/**
 * Card payments (money.md, "Payments"): the provider behind the port, top-ups, saved cards, webhooks into the wallet.
 * Global: the wallet's processes (auto-recharge, reconciliation, refunds) use the port through its contract token.
 */
@Global()
@Module({
  controllers: [
    ReceivePaymentWebhookController,
    TopUpWalletController,
    StartCardSetupController,
    ListPaymentMethodsController,
    SetDefaultPaymentMethodController,
    DeletePaymentMethodController,
    GetDemoCheckoutController,
    SubmitDemoCardController,
    AuthenticateDemoPaymentController,
    CancelDemoCheckoutController,
    CloseDemoDisputeController,
  ],
  providers: [
    demoProviderProvider,
    cardPaymentsProvider,
    PaymentsJobs,
    ReceivePaymentWebhookHandler,
    ProcessPaymentWebhookHandler,
    SweepCardPaymentsHandler,
    TopUpWalletHandler,
    StartCardSetupHandler,
    SetDefaultPaymentMethodHandler,
    DeletePaymentMethodHandler,
    SubmitDemoCardHandler,
    AuthenticateDemoPaymentHandler,
    CancelDemoCheckoutHandler,
    CloseDemoDisputeHandler,
  ],
  exports: [CARD_PAYMENTS],
})
export class PaymentsModule {}

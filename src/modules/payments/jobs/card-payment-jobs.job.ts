import type { CommandBus } from '@nestjs/cqrs';

import { systemContext } from '../../../platform/event-store/new-event.js';
import type { JobQueue } from '../../../platform/jobs/job-queue.port.js';
import { ProcessPaymentWebhook } from '../commands/process-payment-webhook/process-payment-webhook.command.js';
import { SweepCardPayments } from '../commands/sweep-card-payments/sweep-card-payments.command.js';

export const PROCESS_PAYMENT_WEBHOOK = 'process-payment-webhook';
export const SWEEP_PAYMENTS = 'sweep-card-payments';

/** The stored webhook's processing and the sweep, each a command sent through the CommandBus. */
export function registerCardPaymentJobs(jobs: JobQueue, commands: CommandBus): void {
  jobs.register<{ eventId: string }>(PROCESS_PAYMENT_WEBHOOK, ({ eventId }) =>
    commands.execute(new ProcessPaymentWebhook({ eventId }, systemContext(PROCESS_PAYMENT_WEBHOOK))),
  );
  jobs.register(SWEEP_PAYMENTS, async () => {
    await commands.execute(new SweepCardPayments({}, systemContext(SWEEP_PAYMENTS)));
  });
}

import type { CommandBus } from '@nestjs/cqrs';

import type { JobTrigger } from '../../../platform/jobs/event-job-dispatcher.js';
import type { JobQueue } from '../../../platform/jobs/job-queue.port.js';
import { stepFrom } from '../../../platform/processes/process-step.js';
import { ReceiveTransfer, type TransferSentEvent } from '../commands/receive-transfer/receive-transfer.command.js';

export const RECEIVE_TRANSFER = 'receive-transfer';

/** The transfer process (docs/processes.md): the recipient's credit starts from the sender's stored TransferSent. */
export const transferCreditTriggers: readonly JobTrigger[] = [{ eventType: 'TransferSent', job: RECEIVE_TRANSFER }];

export function registerTransferCreditJobs(jobs: JobQueue, commands: CommandBus): void {
  jobs.register<{ event: TransferSentEvent }>(RECEIVE_TRANSFER, ({ event }) => commands.execute(receiveTransferStep(event)));
}

/** The credit step of one stored TransferSent, acting for whoever sent the transfer. */
export function receiveTransferStep(event: TransferSentEvent): ReceiveTransfer {
  const step = stepFrom(event);
  return new ReceiveTransfer(event.data, step.context, step.idempotencyKey);
}

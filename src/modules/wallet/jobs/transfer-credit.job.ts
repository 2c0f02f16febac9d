import type { CommandBus } from '@nestjs/cqrs';

import type { JobTrigger } from '../../../platform/jobs/event-job-dispatcher.js';
import type { JobQueue } from '../../../platform/jobs/job-queue.port.js';
import { ReceiveTransfer, type TransferSentEvent } from '../commands/receive-transfer/receive-transfer.handler.js';

export const RECEIVE_TRANSFER = 'receive-transfer';

/** The transfer process (docs/processes.md): the recipient's credit starts from the sender's stored TransferSent. */
export const transferCreditTriggers: readonly JobTrigger[] = [{ eventType: 'TransferSent', job: RECEIVE_TRANSFER }];

export function registerTransferCreditJobs(jobs: JobQueue, commands: CommandBus): void {
  jobs.register<{ event: TransferSentEvent }>(RECEIVE_TRANSFER, ({ event }) => commands.execute(new ReceiveTransfer(event)));
}

import type { CommandBus } from '@nestjs/cqrs';
import pLimit from 'p-limit';

import type { EventStore } from '../../../platform/event-store/event-store.port.js';
import type { JsonEvent } from '../../../platform/event-store/json-event.js';
import type { JobTrigger } from '../../../platform/jobs/event-job-dispatcher.js';
import type { JobQueue } from '../../../platform/jobs/job-queue.port.js';
import { stepFrom } from '../../../platform/processes/process-step.js';
import { CreditBonuses } from '../../wallet/contracts/wallet-commands.js';
import { RecordBonusRunPaid } from '../commands/record-bonus-run-paid/record-bonus-run-paid.command.js';
import { bonusPaymentId, type BonusRunEvent } from '../contracts/bonus-runs.js';
import { payoutsOf } from '../domain/bonus-run.decider.js';
import { runState } from '../services/bonus-run-stream.js';

export const PAY_BONUS_RUN = 'pay-bonus-run';
/** Wallets credited in one batch (one commit); each is its own stream, decided on its own. */
export const PAYOUT_BATCH = 100;
/** Batches at once. */
export const PAYOUT_CONCURRENCY = 2;

type ApprovedEvent = JsonEvent & Extract<BonusRunEvent, { type: 'BonusRunApproved' }>;

export const bonusPayoutTriggers: readonly JobTrigger[] = [{ eventType: 'BonusRunApproved', job: PAY_BONUS_RUN, options: { attempts: 20, backoffMs: 5_000 } }];

/**
 * The payout of an approved run: each agent's total (the rules' grand total plus adjustments) is
 * credited to their wallet as a bonus, each decided on its own wallet's stream, under a key of the
 * run and the agent, so a payout that runs twice (a retry, a second worker) credits nobody twice;
 * the credits are stored a batch at a time (one commit each). Then the run is recorded paid, which
 * locks it. The amounts come from the run's own stream.
 */
export async function payBonusRun(store: EventStore, commands: CommandBus, event: ApprovedEvent): Promise<void> {
  const { week } = event.data;
  const state = await runState(store, week);
  if (state.status === 'none') return;
  const step = stepFrom(event);
  const credits = payoutsOf(state)
    .filter((payout) => payout.amountCents > 0)
    .map(({ userId, amountCents }) => ({ userId, bonusId: bonusPaymentId(week, userId), week, amountCents }));
  const limit = pLimit(PAYOUT_CONCURRENCY);
  const batches = Array.from({ length: Math.ceil(credits.length / PAYOUT_BATCH) }, (_, i) => credits.slice(i * PAYOUT_BATCH, (i + 1) * PAYOUT_BATCH));
  await Promise.all(batches.map((batch) => limit(() => commands.execute(new CreditBonuses({ credits: batch }, step.context)))));
  await commands.execute(new RecordBonusRunPaid({ week }, step.context, step.idempotencyKey));
}

export function registerBonusPayout(jobs: JobQueue, store: EventStore, commands: CommandBus): void {
  jobs.register<{ event: ApprovedEvent }>(PAY_BONUS_RUN, ({ event }) => payBonusRun(store, commands, event));
}

import type { CommandBus } from '@nestjs/cqrs';
import pLimit from 'p-limit';

import type { EventStore } from '../../../platform/event-store/event-store.port.js';
import type { JsonEvent } from '../../../platform/event-store/json-event.js';
import type { JobTrigger } from '../../../platform/jobs/event-job-dispatcher.js';
import type { JobQueue } from '../../../platform/jobs/job-queue.port.js';
import { stepFrom } from '../../../platform/processes/process-step.js';
import { CreditBonus } from '../../wallet/contracts/wallet-commands.js';
import { RecordBonusRunPaid } from '../commands/record-bonus-run-paid/record-bonus-run-paid.command.js';
import { bonusPaymentId, type BonusRunEvent } from '../contracts/bonus-runs.js';
import { payoutsOf } from '../domain/bonus-run.decider.js';
import { runState } from '../services/bonus-run-stream.js';

export const PAY_BONUS_RUN = 'pay-bonus-run';
/** Wallets credited at once: each is its own stream, so they do not wait for one another. */
export const PAYOUT_CONCURRENCY = 8;

type ApprovedEvent = JsonEvent & Extract<BonusRunEvent, { type: 'BonusRunApproved' }>;

export const bonusPayoutTriggers: readonly JobTrigger[] = [{ eventType: 'BonusRunApproved', job: PAY_BONUS_RUN, options: { attempts: 20, backoffMs: 5_000 } }];

/**
 * The payout of an approved run: each agent's total (the rules' grand total plus adjustments) is
 * credited to their wallet as a bonus, on the wallet's stream, under a key of the run and the
 * agent, so a payout that runs twice (a retry, a second worker) credits nobody twice; then the
 * run is recorded paid, which locks it. The amounts come from the run's own stream.
 */
export async function payBonusRun(store: EventStore, commands: CommandBus, event: ApprovedEvent): Promise<void> {
  const { week } = event.data;
  const state = await runState(store, week);
  if (state.status === 'none') return;
  const step = stepFrom(event);
  const limit = pLimit(PAYOUT_CONCURRENCY);
  await Promise.all(
    payoutsOf(state)
      .filter((payout) => payout.amountCents > 0)
      .map(({ userId, amountCents }) =>
        limit(() => {
          const bonusId = bonusPaymentId(week, userId);
          return commands.execute(new CreditBonus({ userId, bonusId, week, amountCents }, step.context, bonusId));
        }),
      ),
  );
  await commands.execute(new RecordBonusRunPaid({ week }, step.context, step.idempotencyKey));
}

export function registerBonusPayout(jobs: JobQueue, store: EventStore, commands: CommandBus): void {
  jobs.register<{ event: ApprovedEvent }>(PAY_BONUS_RUN, ({ event }) => payBonusRun(store, commands, event));
}

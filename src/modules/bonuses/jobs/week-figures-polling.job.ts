import type { CommandBus } from '@nestjs/cqrs';
import pLimit from 'p-limit';
import type pg from 'pg';

import { systemContext } from '../../../platform/event-store/new-event.js';
import type { JobQueue } from '../../../platform/jobs/job-queue.port.js';
import { OutboundError } from '../../../platform/outbound/outbound-errors.js';
import { RecordWeekFiguresFailure } from '../commands/record-week-figures-failure/record-week-figures-failure.command.js';
import { RecordWeekFigures } from '../commands/record-week-figures/record-week-figures.command.js';
import { bonusWeekOf } from '../domain/bonus-week.js';
import { WeekFiguresError } from '../domain/marketplace-week.js';
import { numberedAgents } from '../services/bonus-agents.js';
import { MarketplaceAnswerError, MarketplaceApiError, type MarketplaceClient } from '../services/marketplace-client.js';

export const POLL_WEEK_FIGURES = 'poll-week-figures';
/** The actor of the poller's records. */
export const WEEK_POLLER = 'marketplace-poller';
/** Agents asked at once: the service is someone else's. */
export const POLL_CONCURRENCY = 4;

/** Why a week could not be read, in words an admin can act on (never the token or the answer's text). */
export function pollFailureReason(error: unknown): string {
  if (error instanceof MarketplaceApiError || error instanceof MarketplaceAnswerError || error instanceof WeekFiguresError) return error.message.slice(0, 300);
  if (error instanceof OutboundError && error.code === 'timeout') return 'The marketplace service did not answer in time';
  return 'The marketplace service could not be reached';
}

/**
 * Asks the marketplace service about every agent with an agent number, a few at a time, and
 * records each agent's week (the week now is in New York's calendar): the figures when any
 * changed, a failure when it starts. One agent's failure does not stop the others.
 */
export async function pollWeekFigures(pool: pg.Pool, client: MarketplaceClient, commands: CommandBus, now: Date): Promise<{ agents: number; failed: number }> {
  const week = bonusWeekOf(now);
  const agents = await numberedAgents(pool);
  const limit = pLimit(POLL_CONCURRENCY);
  const context = systemContext(WEEK_POLLER);
  let failed = 0;
  await Promise.all(
    agents.map(({ userId, agentNumber }) =>
      limit(async () => {
        try {
          const figures = await client.weekDetails(agentNumber);
          await commands.execute(new RecordWeekFigures({ userId, agentNumber, week, figures }, context));
        } catch (error) {
          failed += 1;
          await commands.execute(new RecordWeekFiguresFailure({ userId, agentNumber, week, reason: pollFailureReason(error) }, context));
        }
      }),
    ),
  );
  return { agents: agents.length, failed };
}

export function registerWeekFiguresPolling(jobs: JobQueue, pool: pg.Pool, client: MarketplaceClient | null, commands: CommandBus): void {
  jobs.register(POLL_WEEK_FIGURES, async (_data, job) => {
    if (!client) return;
    await pollWeekFigures(pool, client, commands, job.scheduledAt ?? new Date());
  });
}

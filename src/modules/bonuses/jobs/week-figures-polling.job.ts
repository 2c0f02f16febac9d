import type { CommandBus } from '@nestjs/cqrs';
import pLimit from 'p-limit';
import type pg from 'pg';

import type { JsonEvent } from '../../../platform/event-store/json-event.js';
import { systemContext } from '../../../platform/event-store/new-event.js';
import type { JobTrigger } from '../../../platform/jobs/event-job-dispatcher.js';
import type { JobQueue } from '../../../platform/jobs/job-queue.port.js';
import { OutboundError } from '../../../platform/outbound/outbound-errors.js';
import { RecordWeekFiguresFailure } from '../commands/record-week-figures-failure/record-week-figures-failure.command.js';
import { RecordWeekFigures } from '../commands/record-week-figures/record-week-figures.command.js';
import type { AgentBonusSettingsChanged } from '../contracts/bonus-events.js';
import { bonusWeekOf } from '../domain/bonus-week.js';
import { WeekFiguresError } from '../domain/marketplace-week.js';
import { agentBonusSettingsOf, numberedAgents } from '../services/bonus-agents.js';
import { MarketplaceAnswerError, MarketplaceApiError, type MarketplaceClient } from '../services/marketplace-client.js';

export const POLL_WEEK_FIGURES = 'poll-week-figures';
/** One agent asked about at once, when an admin gives them an agent number: their card fills without waiting for the next poll. */
export const POLL_AGENT_WEEK = 'poll-agent-week-figures';
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
export async function pollWeekFigures(
  pool: pg.Pool,
  client: MarketplaceClient,
  commands: CommandBus,
  now: Date,
  only?: { readonly userId: string; readonly agentNumber: string },
): Promise<{ agents: number; failed: number }> {
  const week = bonusWeekOf(now);
  const agents = only ? [only] : await numberedAgents(pool);
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

type SettingsEvent = JsonEvent & AgentBonusSettingsChanged;

export const weekFiguresPollingTriggers: readonly JobTrigger[] = [
  {
    eventType: 'AgentBonusSettingsChanged',
    job: POLL_AGENT_WEEK,
    options: { attempts: 3, backoffMs: 10_000 },
    when: (event) => {
      const data = event.data as AgentBonusSettingsChanged['data'] | null;
      return Boolean(data?.agentNumber) && (data?.changed ?? []).includes('agentNumber');
    },
  },
];

export function registerWeekFiguresPolling(jobs: JobQueue, pool: pg.Pool, client: MarketplaceClient | null, commands: CommandBus): void {
  jobs.register(POLL_WEEK_FIGURES, async (_data, job) => {
    if (!client) return;
    await pollWeekFigures(pool, client, commands, job.scheduledAt ?? new Date());
  });
  jobs.register<{ event: SettingsEvent }>(POLL_AGENT_WEEK, async ({ event }) => {
    const { userId, agentNumber } = event.data;
    // The number may have changed again since; the poll asks about the one the agent has now.
    const current = (await agentBonusSettingsOf(pool, userId))?.agentNumber;
    if (!client || !agentNumber || !current) return;
    await pollWeekFigures(pool, client, commands, new Date(), { userId, agentNumber: current });
  });
}

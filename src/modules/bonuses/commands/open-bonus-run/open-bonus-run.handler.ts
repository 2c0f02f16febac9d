import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type pg from 'pg';

import { DomainError } from '../../../../platform/domain/domain-error.js';
import { handleCommand } from '../../../../platform/event-store/command-handling.js';
import type { EventStore } from '../../../../platform/event-store/event-store.port.js';
import { EVENT_STORE, SQL_POOL } from '../../../../platform/tokens.js';
import { bonusRunStream } from '../../contracts/bonus-runs.js';
import { bonusRunDecider } from '../../domain/bonus-run.decider.js';
import { bonusWeekRange, isBonusWeek, OLDEST_RUN_WEEKS, oldestRunWeek } from '../../domain/bonus-week.js';
import { freezeWeek, inputsHashOf } from '../../services/run-inputs.js';
import { OpenBonusRun, type OpenedRun } from './open-bonus-run.command.js';

@CommandHandler(OpenBonusRun)
export class OpenBonusRunHandler implements ICommandHandler<OpenBonusRun, OpenedRun> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(SQL_POOL) private readonly pool: pg.Pool,
  ) {}

  async execute({ input: { week }, context }: OpenBonusRun): Promise<OpenedRun> {
    if (!isBonusWeek(week)) throw new DomainError('BONUS_WEEK', 'A bonus week is named by its Monday (YYYY-MM-DD).', 400);
    if (bonusWeekRange(week).end > context.now)
      throw new DomainError('WEEK_NOT_OVER', `The week of ${week} has not ended yet (it ends Sunday at midnight, New York time).`, 409);
    const oldest = oldestRunWeek(context.now);
    if (week < oldest)
      throw new DomainError('WEEK_TOO_OLD', `Runs are opened for the last ${OLDEST_RUN_WEEKS} weeks: the oldest is the week of ${oldest}.`, 400);
    const { agents, exceptions } = await freezeWeek(this.pool, week);
    const inputsHash = inputsHashOf(agents, exceptions);
    const command = { type: 'OpenBonusRun', week, openedBy: context.actor.id, inputsHash, agents, exceptions } as const;
    await handleCommand({ store: this.store, streamId: bonusRunStream(week), decider: bonusRunDecider, command, context });
    return { week, agents: agents.length, exceptions: exceptions.length, inputsHash };
  }
}

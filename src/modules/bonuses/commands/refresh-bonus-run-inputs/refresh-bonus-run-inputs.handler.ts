import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type pg from 'pg';

import { handleCommand } from '../../../../platform/event-store/command-handling.js';
import type { EventStore } from '../../../../platform/event-store/event-store.port.js';
import { EVENT_STORE, SQL_POOL } from '../../../../platform/tokens.js';
import { bonusRunStream } from '../../contracts/bonus-runs.js';
import { bonusRunDecider } from '../../domain/bonus-run.decider.js';
import { freezeWeek, inputsHashOf } from '../../services/run-inputs.js';
import type { OpenedRun } from '../open-bonus-run/open-bonus-run.command.js';
import { RefreshBonusRunInputs } from './refresh-bonus-run-inputs.command.js';

@CommandHandler(RefreshBonusRunInputs)
export class RefreshBonusRunInputsHandler implements ICommandHandler<RefreshBonusRunInputs, OpenedRun> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(SQL_POOL) private readonly pool: pg.Pool,
  ) {}

  async execute({ input: { week }, context }: RefreshBonusRunInputs): Promise<OpenedRun> {
    const { agents, exceptions } = await freezeWeek(this.pool, week);
    const inputsHash = inputsHashOf(agents, exceptions);
    const command = { type: 'RefreshBonusRunInputs', adminId: context.actor.id, inputsHash, agents, exceptions } as const;
    await handleCommand({ store: this.store, streamId: bonusRunStream(week), decider: bonusRunDecider, command, context });
    return { week, agents: agents.length, exceptions: exceptions.length, inputsHash };
  }
}

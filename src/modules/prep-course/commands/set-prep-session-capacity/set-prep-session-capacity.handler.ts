import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type pg from 'pg';

import { outboxCommitted } from '../../../../platform/event-store/outbox.js';
import { ApiError } from '../../../../platform/http/api-error.js';
import { inTransaction } from '../../../../platform/persistence/sql.js';
import { SQL_POOL } from '../../../../platform/tokens.js';
import type { PrepSessionCapacitySet } from '../../contracts/prep-course.events.js';
import { recordPrepEvent } from '../../services/prep-rows.js';
import { lockedSession } from '../../services/session-lock.js';
import { SetPrepSessionCapacity } from './set-prep-session-capacity.command.js';

/** Sets a weekend's seats, never below the people already registered (nobody loses a seat); the same number again records nothing. */
@CommandHandler(SetPrepSessionCapacity)
export class SetPrepSessionCapacityHandler implements ICommandHandler<SetPrepSessionCapacity, void> {
  constructor(@Inject(SQL_POOL) private readonly pool: pg.Pool) {}

  async execute({ input: { sessionId, capacity }, context }: SetPrepSessionCapacity): Promise<void> {
    const changed = await inTransaction(this.pool, async (tx) => {
      const session = await lockedSession(tx, sessionId, context.now);
      if (capacity < session.registered)
        throw new ApiError(409, 'PREP_CAPACITY_BELOW_REGISTERED', `The capacity cannot be less than the ${session.registered} people already registered`);
      if (capacity === session.capacity) return false;
      await tx.query('UPDATE prep_sessions SET capacity = $2, updated_at = $3 WHERE id = $1', [sessionId, capacity, context.now]);
      await recordPrepEvent<PrepSessionCapacitySet>(tx, 'PrepSessionCapacitySet', { sessionId, capacity }, context);
      return true;
    });
    if (changed) outboxCommitted();
  }
}

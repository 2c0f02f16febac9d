import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type pg from 'pg';

import { outboxCommitted } from '../../../../platform/event-store/outbox.js';
import { ApiError } from '../../../../platform/http/api-error.js';
import { inTransaction } from '../../../../platform/persistence/sql.js';
import { SQL_POOL } from '../../../../platform/tokens.js';
import type { PrepSessionCancelled } from '../../contracts/prep-course.events.js';
import { recordPrepEvent } from '../../services/prep-rows.js';
import { lockedSession } from '../../services/session-lock.js';
import { CancelPrepSession } from './cancel-prep-session.command.js';

/** Cancels a scheduled weekend that has not started and records PrepSessionCancelled (its registrants are mailed from it; their reminders find it cancelled). */
@CommandHandler(CancelPrepSession)
export class CancelPrepSessionHandler implements ICommandHandler<CancelPrepSession, void> {
  constructor(@Inject(SQL_POOL) private readonly pool: pg.Pool) {}

  async execute({ input: { sessionId }, context }: CancelPrepSession): Promise<void> {
    await inTransaction(this.pool, async (tx) => {
      const session = await lockedSession(tx, sessionId, context.now);
      if (session.status === 'cancelled') throw new ApiError(409, 'PREP_SESSION_CANCELLED', 'This course weekend is already cancelled');
      await tx.query(`UPDATE prep_sessions SET status = 'cancelled', cancelled_at = $2, cancelled_by = $3, updated_at = $2 WHERE id = $1`, [
        sessionId,
        context.now,
        context.actor.id,
      ]);
      await recordPrepEvent<PrepSessionCancelled>(tx, 'PrepSessionCancelled', { sessionId, saturday: session.saturday }, context);
    });
    outboxCommitted();
  }
}

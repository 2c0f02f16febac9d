import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type pg from 'pg';

import { outboxCommitted } from '../../../../platform/event-store/outbox.js';
import { ApiError } from '../../../../platform/http/api-error.js';
import { inTransaction } from '../../../../platform/persistence/sql.js';
import { SQL_POOL } from '../../../../platform/tokens.js';
import { COURSE_START_HOUR, courseDayAt, courseWeekendOf } from '../../contracts/prep-course-schedule.js';
import type { PrepSessionMoved } from '../../contracts/prep-course.events.js';
import { recordPrepEvent } from '../../services/prep-rows.js';
import { lockedSession } from '../../services/session-lock.js';
import { MovePrepSession } from './move-prep-session.command.js';

/**
 * Moves a scheduled weekend that has not started to a later Saturday that has no course yet; its
 * registrations take the new dates in the same transaction, and PrepSessionMoved mails the registrants.
 */
@CommandHandler(MovePrepSession)
export class MovePrepSessionHandler implements ICommandHandler<MovePrepSession, void> {
  constructor(@Inject(SQL_POOL) private readonly pool: pg.Pool) {}

  async execute({ input: { sessionId, saturday }, context }: MovePrepSession): Promise<void> {
    if (context.now.getTime() >= courseDayAt(saturday, COURSE_START_HOUR).getTime())
      throw new ApiError(400, 'VALIDATION_FAILED', 'Choose a Saturday that is still to come', [
        { field: 'saturday', message: 'Choose a Saturday that is still to come' },
      ]);
    await inTransaction(this.pool, async (tx) => {
      const session = await lockedSession(tx, sessionId, context.now);
      if (session.status === 'cancelled') throw new ApiError(409, 'PREP_SESSION_CANCELLED', 'A cancelled course weekend cannot be moved');
      if (session.saturday === saturday) throw new ApiError(409, 'PREP_SESSION_SAME_DATE', 'The course is already on that weekend');
      const taken = () => new ApiError(409, 'PREP_SESSION_TAKEN', 'Another course is already scheduled that weekend');
      const { rowCount } = await tx.query(`SELECT 1 FROM prep_sessions WHERE saturday = $1 AND status = 'scheduled'`, [saturday]);
      if (rowCount) throw taken();
      const weekend = courseWeekendOf(saturday);
      // Another move (or the cadence's extension) may take the weekend between the check and this update: its unique index says so.
      await tx
        .query('UPDATE prep_sessions SET saturday = $2, moved_from = coalesce(moved_from, saturday), updated_at = $3 WHERE id = $1', [
          sessionId,
          saturday,
          context.now,
        ])
        .catch((error: unknown) => {
          throw (error as { code?: string }).code === '23505' ? taken() : error;
        });
      await tx.query('UPDATE prep_registrations SET date_label = $2, date_iso = $3, updated_at = $4 WHERE session_id = $1', [
        sessionId,
        weekend.label,
        weekend.dateIso,
        context.now,
      ]);
      await recordPrepEvent<PrepSessionMoved>(tx, 'PrepSessionMoved', { sessionId, from: session.saturday, to: saturday }, context);
    });
    outboxCommitted();
  }
}

import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { addDays } from 'date-fns/addDays';
import type pg from 'pg';

import { outboxCommitted } from '../../../../platform/event-store/outbox.js';
import { inTransaction } from '../../../../platform/persistence/sql.js';
import { SQL_POOL } from '../../../../platform/tokens.js';
import { COURSE_STEP_DAYS, offeredCourseWeekends } from '../../contracts/prep-course-schedule.js';
import type { PrepSessionScheduled } from '../../contracts/prep-course.events.js';
import { recordPrepEvent } from '../../services/prep-rows.js';
import { ExtendPrepSessions } from './extend-prep-sessions.command.js';

/**
 * Seeds the sessions from the cadence (every other weekend from the first course date): each
 * weekend of the offer window, and the one after it, gets a session unless its slot has one
 * already (scheduled, moved or cancelled: an admin's decision is never undone) or another session
 * was moved onto that Saturday. Run at start and every few hours, so the schedule never runs out.
 */
@CommandHandler(ExtendPrepSessions)
export class ExtendPrepSessionsHandler implements ICommandHandler<ExtendPrepSessions, { added: number }> {
  constructor(@Inject(SQL_POOL) private readonly pool: pg.Pool) {}

  async execute({ input, context }: ExtendPrepSessions): Promise<{ added: number }> {
    const slots = new Set([...offeredCourseWeekends(context.now), ...offeredCourseWeekends(addDays(context.now, COURSE_STEP_DAYS))].map((w) => w.saturday));
    const added = await inTransaction(this.pool, async (tx) => {
      let count = 0;
      for (const slot of [...slots].sort()) {
        const sessionId = randomUUID();
        const { rowCount } = await tx.query(
          `INSERT INTO prep_sessions (id, slot, saturday, capacity, created_at, updated_at) VALUES ($1, $2, $2, $3, $4, $4) ON CONFLICT DO NOTHING`,
          [sessionId, slot, input.capacity, context.now],
        );
        if (!rowCount) continue;
        count++;
        await recordPrepEvent<PrepSessionScheduled>(tx, 'PrepSessionScheduled', { sessionId, saturday: slot, capacity: input.capacity }, context);
      }
      return count;
    });
    if (added) outboxCommitted();
    return { added };
  }
}

import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { addDays } from 'date-fns/addDays';
import type pg from 'pg';

import { outboxCommitted } from '../../../../platform/event-store/outbox.js';
import { inTransaction } from '../../../../platform/persistence/sql.js';
import { SQL_POOL } from '../../../../platform/tokens.js';
import { COURSE_STEP_DAYS, offeredCourseWeekends } from '../../contracts/prep-course-schedule.js';
import type { PrepSessionScheduled } from '../../contracts/prep-course.events.js';
import { recordPrepEvents } from '../../services/prep-rows.js';
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
    const slots = [
      ...new Set([...offeredCourseWeekends(context.now), ...offeredCourseWeekends(addDays(context.now, COURSE_STEP_DAYS))].map((w) => w.saturday)),
    ].sort();
    // One insert for every slot: each process runs this at start, and a start waits on it.
    const added = await inTransaction(this.pool, async (tx) => {
      const { rows } = await tx.query<{ id: string; saturday: string }>(
        `INSERT INTO prep_sessions (id, slot, saturday, capacity, created_at, updated_at)
         SELECT gen_random_uuid(), slot, slot, $2, $3, $3 FROM unnest($1::date[]) AS slot ORDER BY slot
         ON CONFLICT DO NOTHING
         RETURNING id, to_char(saturday, 'YYYY-MM-DD') AS saturday`,
        [slots, input.capacity, context.now],
      );
      const scheduled = rows.sort((a, b) => a.saturday.localeCompare(b.saturday));
      await recordPrepEvents<PrepSessionScheduled>(
        tx,
        'PrepSessionScheduled',
        scheduled.map((row) => ({ sessionId: row.id, saturday: row.saturday, capacity: input.capacity })),
        context,
      );
      return scheduled.length;
    });
    if (added) outboxCommitted();
    return { added };
  }
}

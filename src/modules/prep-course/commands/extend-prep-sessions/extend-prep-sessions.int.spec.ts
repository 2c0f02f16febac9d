import { addDays } from 'date-fns/addDays';
import { afterAll, beforeAll, expect, it } from 'vitest';

import { isolatedDatabase, type IsolatedDatabase } from '../../../../../test/support/isolated-database.js';
import { inParallel, MIN_PARALLEL } from '../../../../../test/support/parallel.js';
import { describeOn, oneDatabase } from '../../../../../test/support/test-databases.js';
import type { NewEvent } from '../../../../platform/event-store/event-store.port.js';
import { systemContext } from '../../../../platform/event-store/new-event.js';
import { createPool, type SqlPool } from '../../../../platform/persistence/sql.js';
import { COURSE_STEP_DAYS, offeredCourseWeekends } from '../../contracts/prep-course-schedule.js';
import { ExtendPrepSessions } from './extend-prep-sessions.command.js';
import { ExtendPrepSessionsHandler } from './extend-prep-sessions.handler.js';

for (const database of oneDatabase()) {
  describeOn(database, `the prep course's weekends seeded from the cadence on ${database.name}`, () => {
    // The sessions table of a database of its own: the weekends are the same for every test.
    let own: IsolatedDatabase;
    let pool: SqlPool;
    beforeAll(async () => {
      own = await isolatedDatabase(database);
      pool = createPool(own.url, 8);
    });
    afterAll(async () => {
      await pool?.end();
      await own?.close();
    });

    const extend = (now: Date) =>
      new ExtendPrepSessionsHandler(pool).execute(new ExtendPrepSessions({ capacity: 24 }, { ...systemContext('extend-prep-sessions'), now }));
    const sessions = async () =>
      (
        await pool.query<{ id: string; saturday: string; status: string }>(
          `SELECT id, to_char(saturday, 'YYYY-MM-DD') AS saturday, status FROM prep_sessions ORDER BY saturday`,
        )
      ).rows;
    const scheduledEvents = async () =>
      (
        await pool.query<{ stream_id: string; event: NewEvent }>(
          `SELECT stream_id, event FROM outbox_events WHERE event->>'type' = 'PrepSessionScheduled' ORDER BY position`,
        )
      ).rows;

    it(`gives each cadence weekend one session when ${MIN_PARALLEL} processes start at once, each recorded once`, async () => {
      const now = new Date('2026-12-07T15:00:00Z');
      const expected = [...new Set([...offeredCourseWeekends(now), ...offeredCourseWeekends(addDays(now, COURSE_STEP_DAYS))].map((w) => w.saturday))].sort();
      const results = await inParallel(MIN_PARALLEL, () => extend(now));
      expect(results.reduce((sum, result) => sum + result.added, 0)).toBe(expected.length);

      const rows = await sessions();
      expect(rows.map((row) => row.saturday)).toEqual(expected);
      const events = await scheduledEvents();
      expect(events.map(({ stream_id, event }) => [stream_id, event.data])).toEqual(
        rows.map((row) => [`prepsession-${row.id}`, { sessionId: row.id, saturday: row.saturday, capacity: 24 }]),
      );
    });

    it('adds only the weekends a later day brings, and keeps a cancelled one cancelled', async () => {
      const before = await sessions();
      await pool.query(`UPDATE prep_sessions SET status = 'cancelled', cancelled_at = now() WHERE id = $1`, [before[0]!.id]);
      expect(await extend(new Date('2026-12-07T15:00:00Z'))).toEqual({ added: 0 });

      const later = new Date('2027-01-04T15:00:00Z');
      const { added } = await extend(later);
      expect(added).toBeGreaterThan(0);
      const after = await sessions();
      expect(after).toHaveLength(before.length + added);
      expect(after.find((row) => row.id === before[0]!.id)?.status).toBe('cancelled');
      expect(await scheduledEvents()).toHaveLength(after.length);
    });
  });
}

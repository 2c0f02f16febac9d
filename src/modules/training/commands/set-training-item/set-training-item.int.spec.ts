import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';

import { inParallel, MIN_PARALLEL } from '../../../../../test/support/parallel.js';
import { describeOn, oneDatabase } from '../../../../../test/support/test-databases.js';
import { requestContext } from '../../../../platform/event-store/new-event.js';
import { createPool, type SqlPool } from '../../../../platform/persistence/sql.js';
import { dayPartIds } from '../../contracts/training-items.js';
import { trainingStream } from '../../contracts/training.events.js';
import { trainingProgressOf } from '../../queries/get-training-progress/training-progress.query.js';
import { trainingSchedules } from '../../services/training-schedules.js';
import { SetTrainingItem } from './set-training-item.command.js';
import { SetTrainingItemHandler } from './set-training-item.handler.js';

const week1 = trainingSchedules().get('east-tampa')!.schedule.weeks[0]!;

for (const database of oneDatabase()) {
  describeOn(database, `saved training ticks on ${database.name}`, () => {
    let pool: SqlPool;
    beforeAll(() => {
      pool = createPool(database.url, 8);
    });
    afterAll(async () => pool.end());

    const tick = (userId: string, itemId: string, checked = true) =>
      new SetTrainingItemHandler(pool).execute(new SetTrainingItem({ division: 'east-tampa', itemId, checked }, requestContext({ type: 'user', id: userId })));
    const events = async (userId: string) =>
      (await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM outbox_events WHERE stream_id = $1', [trainingStream(userId)])).rows[0]!.n;

    it(`keeps ${MIN_PARALLEL} ticks of different items sent at once, and ticks the days they complete`, async () => {
      const userId = randomUUID();
      const parts = week1.days.flatMap((day) => dayPartIds(day)).slice(0, MIN_PARALLEL);
      await inParallel(parts.length, (index) => tick(userId, parts[index]!));
      const whole = week1.days.filter((day) => dayPartIds(day).every((id) => parts.includes(id))).map((day) => day.id);
      expect(new Set((await trainingProgressOf(pool, userId, 'east-tampa')).ticked)).toEqual(new Set([...parts, ...whole]));
      expect(await events(userId)).toBe(parts.length);
    });

    it(`stores one change for ${MIN_PARALLEL} identical ticks, and an untick afterwards takes it away`, async () => {
      const userId = randomUUID();
      const part = dayPartIds(week1.days[0]!)[0]!;
      await inParallel(MIN_PARALLEL, () => tick(userId, part));
      expect(await events(userId)).toBe(1);
      expect((await trainingProgressOf(pool, userId, 'east-tampa')).ticked).toEqual([part]);
      await tick(userId, part, false);
      expect((await trainingProgressOf(pool, userId, 'east-tampa')).ticked).toEqual([]);
    });

    it('stores the day unticked when a part of a completed day is unticked (read back from the stored rows)', async () => {
      const userId = randomUUID();
      const day = week1.days[1]!;
      const parts = dayPartIds(day);
      for (const part of parts) await tick(userId, part);
      expect(new Set((await trainingProgressOf(pool, userId, 'east-tampa')).ticked)).toEqual(new Set([...parts, day.id]));
      expect(await tick(userId, parts[0]!, false)).toMatchObject({ dayComplete: false });
      // Read back from what is stored, not from the answer.
      expect(new Set((await trainingProgressOf(pool, userId, 'east-tampa')).ticked)).toEqual(new Set(parts.slice(1)));
      const stored = await pool.query<{ checked: boolean }>('SELECT checked FROM training_progress WHERE user_id = $1 AND item_id = $2', [userId, day.id]);
      expect(stored.rows).toEqual([{ checked: false }]);
    });
  });
}

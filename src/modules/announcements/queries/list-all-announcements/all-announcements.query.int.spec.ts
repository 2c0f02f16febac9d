import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';

import { describeOn, oneDatabase } from '../../../../../test/support/test-databases.js';
import { createPool, type SqlPool } from '../../../../platform/persistence/sql.js';
import { allAnnouncements, ANNOUNCEMENTS_PAGE } from './all-announcements.query.js';

for (const database of oneDatabase()) {
  describeOn(database, `the admins' list of announcements on ${database.name}`, () => {
    let pool: SqlPool;
    const ids: string[] = [];
    beforeAll(() => {
      pool = createPool(database.url, 2);
    });
    afterAll(async () => {
      await pool.query('DELETE FROM announcements WHERE id = ANY($1::uuid[])', [ids]);
      await pool.end();
    });

    // A moment far from any other test's rows, so these are the newest the list knows.
    const now = new Date('2090-06-01T12:00:00.000Z');
    const at = (minutes: number) => new Date(now.getTime() + minutes * 60_000);
    const add = async (title: string, createdAt: Date, window: { publishFrom?: Date; expiresAt?: Date; deleted?: boolean } = {}) => {
      const id = randomUUID();
      ids.push(id);
      await pool.query(
        `INSERT INTO announcements (id, title, content, is_active, publish_from, expires_at, created_by, created_at, updated_at)
         VALUES ($1, $2, 'Text', $3, $4, $5, $6, $7, $7)`,
        [id, title, !window.deleted, window.publishFrom ?? null, window.expiresAt ?? null, randomUUID(), createdAt],
      );
      return id;
    };

    it('names each one’s state, newest first, and pages on without a gap or a repeat, even within a millisecond', async () => {
      const scheduled = await add('Scheduled', at(-100), { publishFrom: at(60) });
      const expired = await add('Expired', at(-90), { expiresAt: at(-1) });
      const deleted = await add('Deleted', at(-80), { deleted: true });
      // Six live ones: the five newest are shown, the oldest is pushed out.
      const live: string[] = [];
      for (let n = 1; n <= 6; n++) live.push(await add(`Live ${n}`, at(-70 + n)));
      // Rows apart by a microsecond, below what a JavaScript date holds.
      const close = new Date(at(-200).getTime());
      for (let n = 0; n < ANNOUNCEMENTS_PAGE; n++) {
        const id = randomUUID();
        ids.push(id);
        await pool.query(
          `INSERT INTO announcements (id, title, content, created_by, created_at, updated_at)
           VALUES ($1, $2, 'Text', $3, $4::timestamptz + make_interval(secs => $5 / 1000000.0), now())`,
          [id, `Close ${n}`, randomUUID(), close, n],
        );
      }

      const first = await allAnnouncements(pool, now, null);
      const state = (id: string) => first.items.find((item) => item.id === id)?.state;
      expect(state(scheduled)).toBe('scheduled');
      expect(state(expired)).toBe('expired');
      expect(state(deleted)).toBeUndefined();
      expect(live.map(state)).toEqual(['not-shown', 'shown', 'shown', 'shown', 'shown', 'shown']);
      expect(first.items[0]!.id).toBe(scheduled);
      expect(first.items).toHaveLength(ANNOUNCEMENTS_PAGE);
      expect(first.next).toMatch(/^2090-.*Z\|[0-9a-f-]{36}$/);

      const mine = new Set(ids);
      const seen = first.items.filter((item) => mine.has(item.id)).map((item) => item.id);
      let next = first.next;
      while (next && seen.length < ids.length - 1) {
        const page = await allAnnouncements(pool, now, next);
        seen.push(...page.items.filter((item) => mine.has(item.id)).map((item) => item.id));
        next = page.next;
      }
      expect(new Set(seen).size).toBe(seen.length);
      expect(new Set(seen)).toEqual(new Set(ids.filter((id) => id !== deleted)));
    });
  });
}

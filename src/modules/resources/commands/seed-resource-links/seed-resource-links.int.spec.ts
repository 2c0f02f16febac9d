import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';

import { inParallel, MIN_PARALLEL } from '../../../../../test/support/parallel.js';
import { describeOn, oneDatabase } from '../../../../../test/support/test-databases.js';
import type { NewEvent } from '../../../../platform/event-store/event-store.port.js';
import { systemContext } from '../../../../platform/event-store/new-event.js';
import { createPool, type SqlPool } from '../../../../platform/persistence/sql.js';
import { resourceLinkStream, type ResourceSeed } from '../../contracts/resource-links.js';
import { SeedResourceLinks } from './seed-resource-links.command.js';
import { SeedResourceLinksHandler } from './seed-resource-links.handler.js';

for (const database of oneDatabase()) {
  describeOn(database, `the resource cards' seed on ${database.name}`, () => {
    let pool: SqlPool;
    beforeAll(() => {
      pool = createPool(database.url, 8);
    });
    afterAll(async () => pool.end());

    const card = (title: string): ResourceSeed['resources'][number] => ({
      id: `seed-test-${randomUUID().slice(0, 8)}`,
      tab: 'Additional Resources',
      title,
      description: 'A card of the seed test',
      emoji: '📎',
      action: 'link',
      url: 'https://example.com/guide',
    });
    const seed = (resources: ResourceSeed['resources']) =>
      new SeedResourceLinksHandler(pool).execute(new SeedResourceLinks({ resources }, systemContext('resource-seed')));
    const rowsOf = async (ids: string[]) =>
      (
        await pool.query<{ id: string; title: string; position: number }>(
          'SELECT id, title, position FROM resource_links WHERE id = ANY($1) ORDER BY position',
          [ids],
        )
      ).rows;
    const createdEvents = async (id: string) =>
      (await pool.query<{ event: NewEvent }>('SELECT event FROM outbox_events WHERE stream_id = $1', [resourceLinkStream(id)])).rows.map((row) => row.event);

    it(`adds each missing card once, at the end of its tab, when ${MIN_PARALLEL} starts seed at once`, async () => {
      const cards = [card('First'), card('Second'), card('Third')];
      const results = await inParallel(MIN_PARALLEL, () => seed(cards));
      expect(results.reduce((sum, result) => sum + result.added, 0)).toBe(3);

      const rows = await rowsOf(cards.map((c) => c.id));
      expect(rows.map((row) => row.id)).toEqual(cards.map((c) => c.id));
      const { rows: tab } = await pool.query<{ position: number }>(`SELECT position FROM resource_links WHERE tab = 'Additional Resources' ORDER BY position`);
      // The three are the last of the tab, one after another, and no position is taken twice.
      expect(tab.slice(-3).map((row) => row.position)).toEqual(rows.map((row) => row.position));
      expect(rows[1]!.position - rows[0]!.position).toBe(1);
      expect(rows[2]!.position - rows[1]!.position).toBe(1);
      expect(new Set(tab.map((row) => row.position)).size).toBe(tab.length);
      for (const c of cards) {
        const events = await createdEvents(c.id);
        expect(events.map((event) => [event.type, event.data])).toEqual([
          [
            'ResourceLinkCreated',
            { resourceId: c.id, tab: c.tab, title: c.title, description: c.description, emoji: c.emoji, action: 'link', url: c.url, hidden: false },
          ],
        ]);
        expect(events[0]!.metadata.actor).toEqual({ type: 'system', id: 'resource-seed' });
      }
    });

    it('never changes a stored card: a later start keeps what an admin changed and adds only the new card', async () => {
      const kept = card('As seeded');
      await seed([kept]);
      await pool.query(`UPDATE resource_links SET title = 'As the admin wrote it' WHERE id = $1`, [kept.id]);
      const added = card('New in this release');
      expect(await seed([kept, added])).toEqual({ added: 1 });
      expect((await rowsOf([kept.id, added.id])).map((row) => row.title)).toEqual(['As the admin wrote it', 'New in this release']);
      expect(await createdEvents(kept.id)).toHaveLength(1);
      expect(await seed([kept, added])).toEqual({ added: 0 });
    });
  });
}

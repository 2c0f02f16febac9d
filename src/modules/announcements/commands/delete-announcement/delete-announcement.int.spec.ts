import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';

import { describeOn, oneDatabase } from '../../../../../test/support/test-databases.js';
import type { NewEvent } from '../../../../platform/event-store/event-store.port.js';
import { requestContext } from '../../../../platform/event-store/new-event.js';
import { createPool, type SqlPool } from '../../../../platform/persistence/sql.js';
import { announcementStream } from '../../contracts/announcement.events.js';
import { shownAnnouncements } from '../../queries/list-announcements/announcements.query.js';
import { CreateAnnouncement } from '../create-announcement/create-announcement.command.js';
import { CreateAnnouncementHandler } from '../create-announcement/create-announcement.handler.js';
import { UpdateAnnouncement } from '../update-announcement/update-announcement.command.js';
import { UpdateAnnouncementHandler } from '../update-announcement/update-announcement.handler.js';
import { DeleteAnnouncement } from './delete-announcement.command.js';
import { DeleteAnnouncementHandler } from './delete-announcement.handler.js';

for (const database of oneDatabase()) {
  describeOn(database, `an announcement’s rows and events on ${database.name}`, () => {
    let pool: SqlPool;
    beforeAll(() => {
      pool = createPool(database.url, 4);
    });
    afterAll(async () => pool.end());

    const admin = randomUUID();
    const context = () => requestContext({ type: 'user', id: admin });
    const eventsOf = async (id: string) =>
      (await pool.query<{ event: NewEvent }>('SELECT event FROM outbox_events WHERE stream_id = $1 ORDER BY position', [announcementStream(id)])).rows.map(
        (row) => row.event,
      );

    it('records each change with its event, the admin as actor; a delete keeps the row, no longer shown', async () => {
      const id = randomUUID();
      const body = { title: 'Office closed', content: 'Friday, see https://example.com', publishFrom: null, expiresAt: null };
      await new CreateAnnouncementHandler(pool).execute(new CreateAnnouncement({ ...body, announcementId: id }, context()));
      // A retried create (the same id) stores nothing twice.
      await new CreateAnnouncementHandler(pool).execute(new CreateAnnouncement({ ...body, announcementId: id }, context()));
      await new UpdateAnnouncementHandler(pool).execute(new UpdateAnnouncement({ ...body, title: 'Office closed Friday', announcementId: id }, context()));
      // The same text again changes nothing and records nothing.
      await new UpdateAnnouncementHandler(pool).execute(new UpdateAnnouncement({ ...body, title: 'Office closed Friday', announcementId: id }, context()));
      expect((await shownAnnouncements(pool, new Date())).map((a) => a.id)).toContain(id);

      await new DeleteAnnouncementHandler(pool).execute(new DeleteAnnouncement({ announcementId: id }, context()));
      const { rows } = await pool.query(
        'SELECT title, is_active, deleted_by::text AS deleted_by, deleted_at IS NOT NULL AS deleted FROM announcements WHERE id = $1',
        [id],
      );
      expect(rows).toEqual([{ title: 'Office closed Friday', is_active: false, deleted_by: admin, deleted: true }]);
      expect((await shownAnnouncements(pool, new Date())).map((a) => a.id)).not.toContain(id);
      await expect(new DeleteAnnouncementHandler(pool).execute(new DeleteAnnouncement({ announcementId: id }, context()))).rejects.toMatchObject({
        status: 404,
      });

      const events = await eventsOf(id);
      expect(events.map((event) => event.type)).toEqual(['AnnouncementCreated', 'AnnouncementUpdated', 'AnnouncementDeleted']);
      expect(events.every((event) => event.metadata.actor.id === admin)).toBe(true);
    });
  });
}

import type { SqlClient } from '../../../../platform/persistence/sql.js';

export const ANNOUNCEMENT_NOT_FOUND = 'Announcement not found';

/** How many announcements everyone sees (spec section 9): the newest shown ones. */
export const SHOWN_ANNOUNCEMENTS = 5;

export type AnnouncementView = {
  readonly id: string;
  readonly title: string;
  readonly content: string;
  /** When it is shown from: its publish time, or its creation. */
  readonly shownFrom: string;
  readonly publishFrom: string | null;
  readonly expiresAt: string | null;
  readonly createdAt: string;
  readonly updatedAt: string;
};

const COLUMNS = `id::text AS id, title, content, coalesce(publish_from, created_at) AS "shownFrom", publish_from AS "publishFrom",
  expires_at AS "expiresAt", created_at AS "createdAt", updated_at AS "updatedAt"`;

/** The five newest announcements shown at `now`: not deleted, published, not expired; newest first by the time they were shown from. */
export async function shownAnnouncements(db: SqlClient, now: Date): Promise<AnnouncementView[]> {
  const { rows } = await db.query<AnnouncementView>(
    `SELECT ${COLUMNS} FROM announcements
      WHERE is_active AND coalesce(publish_from, created_at) <= $1 AND (expires_at IS NULL OR expires_at > $1)
      ORDER BY coalesce(publish_from, created_at) DESC, created_at DESC, id LIMIT ${SHOWN_ANNOUNCEMENTS}`,
    [now],
  );
  return rows;
}

/** For admins: those still to be published, soonest first (so they can be edited or taken down before anyone sees them). */
export async function upcomingAnnouncements(db: SqlClient, now: Date): Promise<AnnouncementView[]> {
  const { rows } = await db.query<AnnouncementView>(
    `SELECT ${COLUMNS} FROM announcements WHERE is_active AND publish_from > $1 ORDER BY publish_from, id LIMIT 50`,
    [now],
  );
  return rows;
}

/** The next moment what is shown may change by itself (a publish time or an expiry), or null: the browser reloads then. */
export async function nextAnnouncementChange(db: SqlClient, now: Date): Promise<string | null> {
  const { rows } = await db.query<{ next: Date | null }>(
    `SELECT least(
       (SELECT min(publish_from) FROM announcements WHERE is_active AND publish_from > $1),
       (SELECT min(expires_at) FROM announcements WHERE is_active AND expires_at > $1)) AS next`,
    [now],
  );
  return rows[0]?.next ? rows[0].next.toISOString() : null;
}

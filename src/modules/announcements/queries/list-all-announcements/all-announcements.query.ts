import type { SqlClient } from '../../../../platform/persistence/sql.js';
import { SHOWN_ANNOUNCEMENTS, type AnnouncementView } from '../list-announcements/announcements.query.js';

/** Where an announcement stands at a moment: waiting for its publish time, shown, live but pushed out by five newer ones, or past its expiry. */
export type AnnouncementState = 'scheduled' | 'shown' | 'not-shown' | 'expired';

export type AdminAnnouncementView = AnnouncementView & { readonly state: AnnouncementState };

/** How many announcements the admin page lists at once (the newest first; older ones on "Load more"). */
export const ANNOUNCEMENTS_PAGE = 50;

/** A place in the admin list: the last row's shown-from time (ISO, to the microsecond) and id, as `time|id`. */
export type AnnouncementCursor = string;

/**
 * Every announcement not deleted, newest first by the time it is (or was) shown from, with its
 * state at `now`; `after` continues the list after the row it names.
 */
export async function allAnnouncements(
  db: SqlClient,
  now: Date,
  after: AnnouncementCursor | null,
): Promise<{ items: AdminAnnouncementView[]; next: AnnouncementCursor | null }> {
  const [afterAt, afterId] = after ? after.split('|') : [null, null];
  const { rows } = await db.query<AdminAnnouncementView & { cursor: string }>(
    `WITH shown AS (
       SELECT id FROM announcements
        WHERE is_active AND coalesce(publish_from, created_at) <= $1 AND (expires_at IS NULL OR expires_at > $1)
        ORDER BY coalesce(publish_from, created_at) DESC, created_at DESC, id LIMIT ${SHOWN_ANNOUNCEMENTS})
     SELECT a.id::text AS id, a.title, a.content, coalesce(a.publish_from, a.created_at) AS "shownFrom", a.publish_from AS "publishFrom",
            a.expires_at AS "expiresAt", a.created_at AS "createdAt", a.updated_at AS "updatedAt",
            CASE WHEN a.publish_from > $1 THEN 'scheduled'
                 WHEN a.expires_at <= $1 THEN 'expired'
                 WHEN a.id IN (SELECT id FROM shown) THEN 'shown'
                 ELSE 'not-shown' END AS state,
            to_char(coalesce(a.publish_from, a.created_at) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') || '|' || a.id AS cursor
       FROM announcements AS a
      WHERE a.is_active AND ($2::timestamptz IS NULL OR (coalesce(a.publish_from, a.created_at), a.id) < ($2::timestamptz, $3::uuid))
      ORDER BY coalesce(a.publish_from, a.created_at) DESC, a.id DESC
      LIMIT ${ANNOUNCEMENTS_PAGE + 1}`,
    [now, afterAt, afterId],
  );
  const items = rows.slice(0, ANNOUNCEMENTS_PAGE).map(({ cursor: _cursor, ...item }) => item);
  const next = rows.length > ANNOUNCEMENTS_PAGE ? rows[ANNOUNCEMENTS_PAGE - 1]!.cursor : null;
  return { items, next };
}

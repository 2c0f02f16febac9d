import type { SqlClient } from '../../../platform/persistence/sql.js';
import { offeredSessions } from '../queries/list-prep-sessions/prep-sessions.query.js';
import { courseWeekendOf, type CourseWeekend } from './prep-course-schedule.js';

/** The course weekends offered now (scheduled, not full, in the spec's window), soonest first: what the registration page and the onboarding page show. */
export { offeredSessions };

/** The next course weekend the person with this e-mail is registered for (not cancelled, not over), or null. */
export async function upcomingRegistrationOf(db: SqlClient, email: string, now: Date): Promise<CourseWeekend | null> {
  const { rows } = await db.query<{ saturday: string }>(
    `SELECT to_char(s.saturday, 'YYYY-MM-DD') AS saturday
       FROM prep_registrations r JOIN prep_sessions s ON s.id = r.session_id
      WHERE lower(r.email) = lower($1) AND s.status = 'scheduled' AND s.saturday >= ($2::timestamptz AT TIME ZONE 'America/New_York')::date - 1
      ORDER BY s.saturday LIMIT 1`,
    [email, now],
  );
  return rows[0] ? courseWeekendOf(rows[0].saturday) : null;
}

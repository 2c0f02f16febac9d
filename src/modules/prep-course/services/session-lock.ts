import { ApiError } from '../../../platform/http/api-error.js';
import type { SqlClient } from '../../../platform/persistence/sql.js';
import { COURSE_START_HOUR, courseDayAt } from '../contracts/prep-course-schedule.js';
import { SESSION_NOT_FOUND } from '../queries/list-prep-sessions/prep-sessions.query.js';

export type LockedSession = { readonly saturday: string; readonly capacity: number; readonly status: 'scheduled' | 'cancelled'; readonly registered: number };

/** Locks a session's row for an admin's change; one that does not exist is not found, one that has started can no longer change. */
export async function lockedSession(tx: SqlClient, sessionId: string, now: Date): Promise<LockedSession> {
  const { rows } = await tx.query<Omit<LockedSession, 'registered'>>(
    `SELECT to_char(saturday, 'YYYY-MM-DD') AS saturday, capacity, status FROM prep_sessions WHERE id = $1 FOR UPDATE`,
    [sessionId],
  );
  const session = rows[0];
  if (!session) throw new ApiError(404, 'PREP_SESSION_NOT_FOUND', SESSION_NOT_FOUND);
  if (now.getTime() >= courseDayAt(session.saturday, COURSE_START_HOUR).getTime())
    throw new ApiError(409, 'PREP_SESSION_STARTED', 'This course weekend has already started and can no longer be changed');
  const { rows: counted } = await tx.query<{ registered: number }>('SELECT count(*)::int AS registered FROM prep_registrations WHERE session_id = $1', [
    sessionId,
  ]);
  return { ...session, registered: counted[0]!.registered };
}

import type { SqlClient } from '../../../platform/persistence/sql.js';

/** How many seats of a weekend its registrations take (a caller that then takes one holds the session's row locked). */
export async function seatsTaken(db: SqlClient, sessionId: string): Promise<number> {
  const { rows } = await db.query<{ seats: number }>('SELECT count(*)::int AS seats FROM prep_registrations WHERE session_id = $1', [sessionId]);
  return rows[0]!.seats;
}

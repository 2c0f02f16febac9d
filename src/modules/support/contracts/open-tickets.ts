import type { SqlClient } from '../../../platform/persistence/sql.js';

export type OpenTicket = {
  readonly ticketId: string;
  readonly systemProgram: string;
  readonly priority: string;
  readonly status: string;
  readonly createdAt: string;
};

/** The agent's own help requests that are not Done, newest first. */
export async function openTicketsOf(db: SqlClient, userId: string, limit = 10): Promise<OpenTicket[]> {
  const { rows } = await db.query<OpenTicket>(
    `SELECT ticket_id::text AS "ticketId", system_program AS "systemProgram", priority, status, created_at AS "createdAt"
       FROM rm_tickets WHERE user_id = $1 AND status <> 'Done' ORDER BY created_at DESC LIMIT $2`,
    [userId, limit],
  );
  return rows.map((row) => ({ ...row, createdAt: new Date(row.createdAt).toISOString() }));
}

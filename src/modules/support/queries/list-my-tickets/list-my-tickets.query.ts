import type pg from 'pg';

import type { TicketStatus } from '../../contracts/ticket-values.js';
import { matchesSearch } from '../../services/ticket-search.js';

/** The columns both lists show; files without their storage keys. */
export const TICKET_COLUMNS = `t.ticket_id AS "ticketId", t.system_program AS "systemProgram", t.priority, t.status, t.concern, t.admin_notes AS "adminNotes",
  t.files, t.created_at AS "createdAt", t.updated_at AS "updatedAt", t.waiting_on_agent AS "waitingOnAgent", t.last_reply_side AS "lastReplySide",
  t.last_reply_at AS "lastReplyAt", t.sla, t.reference`;

/** The agent's own tickets, newest first, optionally of one status, or with words in their concern, notes or replies (never an internal note). */
export async function listMyTickets(pool: pg.Pool, userId: string, status: TicketStatus | null, search: string | null = null) {
  const { rows } = await pool.query(
    `SELECT ${TICKET_COLUMNS} FROM rm_tickets t
      WHERE t.user_id = $1 AND ($2::text IS NULL OR t.status = $2) AND ${matchesSearch('$3', false)}
      ORDER BY t.created_at DESC, t.ticket_id DESC LIMIT 500`,
    [userId, status, search],
  );
  return rows;
}

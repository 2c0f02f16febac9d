import type pg from 'pg';

import type { HelpRequestView, Priority, TicketStatus } from '../../contracts/ticket-values.js';
import { matchesSearch } from '../../services/ticket-search.js';
import { TICKET_COLUMNS } from '../list-my-tickets/list-my-tickets.query.js';

export type HelpRequestFilters = {
  status: TicketStatus | null;
  priority: Priority | null;
  view: HelpRequestView;
  /** Words to find in the concern, notes, replies and internal notes; null for every request. */
  search: string | null;
  adminId: string;
  offset: number;
  limit: number;
};

/** Each view's condition ($3: the admin asking, in every view, so the parameters are the same) and order. */
const VIEWS: Record<HelpRequestView, { where: string; order: string }> = {
  all: { where: '$3::uuid IS NOT NULL', order: 't.created_at DESC, t.ticket_id DESC' },
  mine: { where: 't.assignee_id = $3::uuid', order: 't.created_at DESC, t.ticket_id DESC' },
  unassigned: { where: 't.assignee_id IS NULL AND $3::uuid IS NOT NULL', order: 't.created_at DESC, t.ticket_id DESC' },
  overdue: { where: 't.sla_due_at < now() AND $3::uuid IS NOT NULL', order: 't.sla_due_at, t.ticket_id' },
};

/**
 * A request as the dashboard's table shows it: what it is about is not in the row (the concern,
 * the notes and the files are read when the request is opened), so a page stays small.
 */
const LISTED_COLUMNS = `t.ticket_id AS "ticketId", t.system_program AS "systemProgram", t.priority, t.status, t.created_at AS "createdAt",
  t.updated_at AS "updatedAt", t.waiting_on_agent AS "waitingOnAgent", t.last_reply_side AS "lastReplySide", t.last_reply_at AS "lastReplyAt", t.sla,
  t.reference`;

const PEOPLE_COLUMNS = `t.user_id AS "userId", u.email AS "userEmail", u.display_name AS "userName",
  t.assignee_id AS "assigneeId", a.email AS "assigneeEmail", a.display_name AS "assigneeName"`;
const PEOPLE = 'LEFT JOIN user_directory u ON u.id = t.user_id LEFT JOIN user_directory a ON a.id = t.assignee_id';

/** One request, whole (concern, notes, files), with its agent and assignee; null when there is none. */
export async function helpRequestById(pool: pg.Pool, ticketId: string) {
  const { rows } = await pool.query(`SELECT ${TICKET_COLUMNS}, ${PEOPLE_COLUMNS} FROM rm_tickets t ${PEOPLE} WHERE t.ticket_id = $1`, [ticketId]);
  return rows[0] ?? null;
}

/**
 * Every help request for the admins' dashboard in one view, with the agent's and the assignee's
 * name and e-mail; one page and the total. The total of every request comes from
 * rm_ticket_counts (tickets per status and priority, kept in step with rm_tickets by the
 * database: migration 0059), not a count over the tickets; a view's or a search's total counts its rows.
 */
export async function listHelpRequests(pool: pg.Pool, filters: HelpRequestFilters) {
  const view = VIEWS[filters.view];
  const where = `($1::text IS NULL OR t.status = $1) AND ($2::text IS NULL OR t.priority = $2) AND ${view.where} AND ${matchesSearch('$4', true)}`;
  const params = [filters.status, filters.priority, filters.adminId, filters.search];
  const [page, count] = await Promise.all([
    pool.query(
      `SELECT ${LISTED_COLUMNS}, ${PEOPLE_COLUMNS} FROM rm_tickets t ${PEOPLE}
        WHERE ${where} ORDER BY ${view.order} OFFSET $5 LIMIT $6`,
      [...params, filters.offset, filters.limit],
    ),
    filters.view === 'all' && filters.search === null
      ? pool.query<{ total: number }>(
          `SELECT coalesce(sum(c.tickets), 0)::int AS total FROM rm_ticket_counts c
            WHERE ($1::text IS NULL OR c.status = $1) AND ($2::text IS NULL OR c.priority = $2)`,
          [filters.status, filters.priority],
        )
      : pool.query<{ total: number }>(`SELECT count(*)::int AS total FROM rm_tickets t WHERE ${where}`, params),
  ]);
  return { rows: page.rows, total: count.rows[0]!.total };
}

import type pg from 'pg';

import { DomainError } from '../../../../platform/domain/domain-error.js';
import type { TicketMessage } from '../../contracts/ticket-conversation.js';
import { TICKET_NOT_FOUND } from '../../domain/ticket.decider.js';

const SUPPORT_TEAM = 'Support team';

/**
 * A ticket's conversation, oldest first. The agent (`forAgent`: their id) reads only the public
 * replies of their own ticket, the support team's signed with a name but never an address;
 * admins read the replies and the internal notes, with each author's e-mail.
 */
export async function listTicketMessages(pool: pg.Pool, ticketId: string, forAgent: string | null): Promise<TicketMessage[]> {
  const { rows: found } = await pool.query('SELECT 1 FROM rm_tickets WHERE ticket_id = $1 AND ($2::uuid IS NULL OR user_id = $2)', [ticketId, forAgent]);
  if (found.length === 0) throw new DomainError('TICKET_NOT_FOUND', TICKET_NOT_FOUND, 404);
  const { rows } = await pool.query<TicketMessage & { authorEmail: string | null; authorDisplayName: string | null }>(
    `SELECT m.message_id AS "messageId", m.kind, m.side, m.author_id AS "authorId", m.body, m.asks_agent AS "asksAgent", m.files,
            m.created_at AS "createdAt", u.email AS "authorEmail", u.display_name AS "authorDisplayName"
       FROM rm_ticket_messages m LEFT JOIN user_directory u ON u.id = m.author_id
      WHERE m.ticket_id = $1 AND ($2::boolean IS FALSE OR m.kind = 'reply')
      ORDER BY m.created_at, m.message_id`,
    [ticketId, forAgent !== null],
  );
  return rows.map(({ authorEmail, authorDisplayName, ...message }) => ({
    ...message,
    authorName:
      forAgent === null
        ? (authorDisplayName ?? authorEmail ?? 'deleted account')
        : message.side === 'admin'
          ? authorDisplayName
            ? `${authorDisplayName} (${SUPPORT_TEAM})`
            : SUPPORT_TEAM
          : 'You',
    ...(forAgent === null ? { authorEmail } : {}),
  }));
}

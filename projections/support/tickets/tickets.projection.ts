import { HELP_REQUESTS_TOPIC, TICKET_UPDATED_TOPIC, TICKETS_TOPIC } from '../../../src/modules/support/contracts/support-streams.js';
import { nextDeadline, type TicketSla } from '../../../src/modules/support/contracts/ticket-sla.js';
import type { TicketEvent } from '../../../src/modules/support/domain/ticket.decider.js';
import type { RecordedEvent } from '../../../src/platform/event-store/event-store.port.js';
import type { SqlClient } from '../../../src/platform/persistence/sql.js';
import type { Projection, ReadModelChange } from '../../../src/platform/projections/projection.js';
import { roleAudience } from '../../../src/platform/realtime/realtime-hub.js';

/** Files as the lists show them: never the storage key. */
const listed = (file: { fileId: string; name: string; contentType: string; size: number }) => ({
  fileId: file.fileId,
  name: file.name,
  contentType: file.contentType,
  size: file.size,
});

/** The SLA clocks an event left, with the next deadline to watch (none once every clock stopped). */
async function setSla(tx: SqlClient, ticketId: string, sla: TicketSla | undefined) {
  if (!sla) return;
  const next = nextDeadline(sla);
  await tx.query('UPDATE rm_tickets SET sla = $2, sla_due_at = $3, sla_warn_at = $4 WHERE ticket_id = $1', [
    ticketId,
    JSON.stringify(sla),
    next?.dueAt ?? null,
    next?.warnAt ?? null,
  ]);
}

/**
 * Help requests for My Support Tickets and the admins' dashboard, with their conversations
 * (replies and internal notes in rm_ticket_messages). A change the agent may see tells them
 * (topic `tickets`; 'Ticket Updated' when an admin made it); an internal note tells nobody. A
 * ticket given to an admin, or answered by its agent, tells its assignee (`help-requests`).
 */
export const ticketsProjection: Projection = {
  name: 'tickets',
  eventTypes: [
    'TicketSubmitted',
    'TicketFileAttached',
    'TicketStatusChanged',
    'AdminNotesSaved',
    'TicketReplied',
    'TicketInternalNoteAdded',
    'TicketAssigned',
    'TicketSlaWarned',
    'TicketActionLinked',
    'TicketDeleted',
  ],

  async reset(tx: SqlClient) {
    await tx.query('TRUNCATE rm_tickets, rm_ticket_messages');
  },

  async apply(events: readonly RecordedEvent[], tx: SqlClient) {
    const changes: ReadModelChange[] = [];
    for (const recorded of events) {
      const event = recorded as unknown as TicketEvent;
      const at = recorded.metadata.occurredAt;
      switch (event.type) {
        case 'TicketSubmitted':
          await tx.query(
            `INSERT INTO rm_tickets (ticket_id, user_id, system_program, priority, status, concern, reference, created_at, updated_at)
             VALUES ($1, $2, $3, $4, 'To Do', $5, $6, $7, $7) ON CONFLICT (ticket_id) DO NOTHING`,
            [
              event.data.ticketId,
              event.data.userId,
              event.data.systemProgram,
              event.data.priority,
              event.data.concern,
              event.data.reference ? JSON.stringify(event.data.reference) : null,
              event.data.submittedAt,
            ],
          );
          await setSla(tx, event.data.ticketId, event.data.sla);
          // Every admin's dashboard lists it.
          changes.push({ userId: roleAudience('admin'), topic: HELP_REQUESTS_TOPIC });
          break;
        case 'TicketFileAttached': {
          const { file, ticketId } = event.data;
          // A reply's file goes to that reply of this ticket: message ids are the client's, unique only within their ticket.
          const { rows: holders } = await tx.query<{ side: string | null }>(
            file.replyId
              ? `UPDATE rm_ticket_messages SET files = files || $2::jsonb WHERE ticket_id = $1 AND message_id = $3 RETURNING side`
              : `UPDATE rm_tickets SET files = files || $2::jsonb WHERE ticket_id = $1 RETURNING NULL AS side`,
            [ticketId, JSON.stringify([listed(file)]), ...(file.replyId ? [file.replyId] : [])],
          );
          const { rows } = await tx.query<{ assignee_id: string | null }>('UPDATE rm_tickets SET updated_at = $2 WHERE ticket_id = $1 RETURNING assignee_id', [
            ticketId,
            at,
          ]);
          // A file with the agent's reply is news for the admin working the request, as the reply was.
          if (holders[0]?.side === 'agent' && rows[0]?.assignee_id) changes.push({ userId: rows[0].assignee_id, topic: HELP_REQUESTS_TOPIC });
          break;
        }
        case 'TicketStatusChanged':
          await tx.query('UPDATE rm_tickets SET status = $2, admin_notes = $3, updated_at = $4 WHERE ticket_id = $1', [
            event.data.ticketId,
            event.data.status,
            event.data.adminNotes,
            at,
          ]);
          await setSla(tx, event.data.ticketId, event.data.sla);
          break;
        case 'AdminNotesSaved':
          await tx.query('UPDATE rm_tickets SET admin_notes = $2, updated_at = $3 WHERE ticket_id = $1', [event.data.ticketId, event.data.adminNotes, at]);
          break;
        case 'TicketReplied': {
          const { replyId, ticketId, authorId, side, body, asksAgent } = event.data;
          await tx.query(
            `INSERT INTO rm_ticket_messages (message_id, ticket_id, kind, author_id, side, body, asks_agent, created_at)
             VALUES ($1, $2, 'reply', $3, $4, $5, $6, $7) ON CONFLICT (ticket_id, message_id) DO NOTHING`,
            [replyId, ticketId, authorId, side, body, asksAgent, event.data.at],
          );
          const { rows } = await tx.query<{ assignee_id: string | null }>(
            `UPDATE rm_tickets SET waiting_on_agent = $2, last_reply_side = $3, last_reply_at = $4, updated_at = $4 WHERE ticket_id = $1 RETURNING assignee_id`,
            [ticketId, side === 'admin' && asksAgent, side, event.data.at],
          );
          await setSla(tx, ticketId, event.data.sla);
          const assignee = rows[0]?.assignee_id;
          if (side === 'agent' && assignee) changes.push({ userId: assignee, topic: HELP_REQUESTS_TOPIC });
          break;
        }
        case 'TicketInternalNoteAdded':
          await tx.query(
            `INSERT INTO rm_ticket_messages (message_id, ticket_id, kind, author_id, side, body, created_at)
             VALUES ($1, $2, 'note', $3, 'admin', $4, $5) ON CONFLICT (ticket_id, message_id) DO NOTHING`,
            [event.data.noteId, event.data.ticketId, event.data.authorId, event.data.body, event.data.at],
          );
          // The agent is not told: their list did not change.
          continue;
        case 'TicketAssigned':
          await tx.query('UPDATE rm_tickets SET assignee_id = $2 WHERE ticket_id = $1', [event.data.ticketId, event.data.assigneeId]);
          if (event.data.assigneeId) changes.push({ userId: event.data.assigneeId, topic: HELP_REQUESTS_TOPIC });
          // Nothing the agent sees changed.
          continue;
        case 'TicketSlaWarned':
          await tx.query('UPDATE rm_tickets SET sla_warned_due_at = $2 WHERE ticket_id = $1', [event.data.ticketId, event.data.dueAt]);
          continue;
        case 'TicketActionLinked':
          await tx.query('UPDATE rm_tickets SET updated_at = $2 WHERE ticket_id = $1', [event.data.ticketId, at]);
          // Any admin may have the request open (the return's approval is often another admin's): nothing the agent's list shows changed.
          changes.push({ userId: roleAudience('admin'), topic: HELP_REQUESTS_TOPIC });
          continue;
        case 'TicketDeleted':
          await tx.query('DELETE FROM rm_tickets WHERE ticket_id = $1', [event.data.ticketId]);
          await tx.query('DELETE FROM rm_ticket_messages WHERE ticket_id = $1', [event.data.ticketId]);
          break;
      }
      const updatedByAdmin =
        event.type === 'TicketStatusChanged' || event.type === 'AdminNotesSaved' || (event.type === 'TicketReplied' && event.data.side === 'admin');
      changes.push({ userId: event.data.userId, topic: updatedByAdmin ? TICKET_UPDATED_TOPIC : TICKETS_TOPIC });
    }
    // One notice per audience and topic for the whole batch.
    return [...new Map(changes.map((change) => [`${change.userId} ${change.topic}`, change])).values()];
  },
};

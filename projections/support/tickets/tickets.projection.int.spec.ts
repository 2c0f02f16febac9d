import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';

import { ticketStream } from '../../../src/modules/support/contracts/support-streams.js';
import type { TicketEvent, TicketFile } from '../../../src/modules/support/domain/ticket.decider.js';
import { newEvent, requestContext } from '../../../src/platform/event-store/new-event.js';
import { useIsolatedStore } from '../../../test/support/isolated-database.js';
import { liveThenRebuilt } from '../../../test/support/projection-check.js';
import { describeOn, oneDatabase } from '../../../test/support/test-databases.js';
import { ticketsProjection } from './tickets.projection.js';

const ROWS = `SELECT ticket_id, user_id, system_program, priority, status, concern, admin_notes, files FROM rm_tickets ORDER BY concern`;

for (const database of oneDatabase()) {
  describeOn(database, `tickets projection on ${database.name}`, () => {
    const db = useIsolatedStore(database);

    it('lists each ticket with its status, notes and files (never their storage keys), drops deleted ones, tells the agent; a rebuild gives the same rows', async () => {
      const [agent, admin] = [randomUUID(), randomUUID()];
      const ctx = requestContext({ type: 'user', id: agent });
      const append = (ticketId: string, events: TicketEvent[], expectedVersion: 'no_stream' | bigint) =>
        db.store.append(
          ticketStream(ticketId),
          events.map((e) => newEvent(e.type, e.data, ctx)),
          { expectedVersion },
        );
      const submitted = (ticketId: string, concern: string): TicketEvent => ({
        type: 'TicketSubmitted',
        data: { ticketId, userId: agent, systemProgram: 'General', priority: 'High', concern, submittedAt: '2026-11-27T10:00:00.000Z' },
      });
      const file: TicketFile = { fileId: randomUUID(), key: `${agent}/t/f`, name: 'receipt.pdf', contentType: 'application/pdf', size: 42 };
      const [worked, deleted] = [randomUUID(), randomUUID()];
      await append(worked, [submitted(worked, 'a worked ticket, more than twenty')], 'no_stream');
      await append(worked, [{ type: 'TicketFileAttached', data: { ticketId: worked, userId: agent, file } }], 1n);
      await append(
        worked,
        [
          {
            type: 'TicketStatusChanged',
            data: {
              ticketId: worked,
              userId: agent,
              status: 'In Progress',
              comment: 'on it',
              adminNotes: 'note',
              changedBy: admin,
              at: '2026-11-27T10:01:00.000Z',
            },
          },
          { type: 'AdminNotesSaved', data: { ticketId: worked, userId: agent, adminNotes: 'note\nmore', savedBy: admin, at: '2026-11-27T10:02:00.000Z' } },
        ],
        2n,
      );
      await append(deleted, [submitted(deleted, 'b deleted ticket, more than twenty')], 'no_stream');
      await append(deleted, [{ type: 'TicketDeleted', data: { ticketId: deleted, userId: agent, files: [] } }], 1n);

      const { live, rebuilt, changes } = await liveThenRebuilt(db.store, db.pool, ticketsProjection, ROWS);
      expect(live).toEqual([
        {
          ticket_id: worked,
          user_id: agent,
          system_program: 'General',
          priority: 'High',
          status: 'In Progress',
          concern: 'a worked ticket, more than twenty',
          admin_notes: 'note\nmore',
          files: [{ fileId: file.fileId, name: 'receipt.pdf', contentType: 'application/pdf', size: 42 }],
        },
      ]);
      expect(rebuilt).toEqual(live);
      expect(new Set(changes.map((change) => `${change.userId} ${change.topic}`))).toEqual(
        // Every admin's dashboard hears of a new request.
        new Set([`${agent} tickets`, `${agent} ticket-updated`, 'role:admin help-requests']),
      );
    });

    it('keeps the conversation, the assignee, the wait on the agent and the next SLA deadline; tells only what the agent may see; a rebuild gives the same rows', async () => {
      const [agent, admin, ticketId, replyId, answerId] = [randomUUID(), randomUUID(), randomUUID(), randomUUID(), randomUUID()];
      const ctx = requestContext({ type: 'user', id: agent });
      const clock = (dueAt: string | null, counting: boolean) =>
        ({ dueAt, warnAt: null, remainingMs: 3_600_000, state: counting ? 'running' : 'met', counting }) as const;
      const sla = (first: string | null, resolution: string | null) => ({
        firstResponse: clock(first, first !== null),
        resolution: clock(resolution, resolution !== null),
      });
      const events: TicketEvent[] = [
        {
          type: 'TicketSubmitted',
          data: {
            ticketId,
            userId: agent,
            systemProgram: 'General',
            priority: 'High',
            concern: 'my leads did not arrive, receipt attached',
            submittedAt: '2026-11-27T10:00:00.000Z',
            sla: sla('2026-11-27T15:00:00.000Z', '2026-11-27T22:00:00.000Z'),
          },
        },
        {
          type: 'TicketAssigned',
          data: { ticketId, userId: agent, assigneeId: admin, previousAssigneeId: null, assignedBy: admin, at: '2026-11-27T10:01:00.000Z' },
        },
        {
          type: 'TicketInternalNoteAdded',
          data: { ticketId, userId: agent, noteId: randomUUID(), authorId: admin, body: 'vendor outage', at: '2026-11-27T10:02:00.000Z' },
        },
        {
          type: 'TicketReplied',
          data: {
            ticketId,
            userId: agent,
            replyId,
            authorId: admin,
            side: 'admin',
            body: 'which campaign?',
            asksAgent: true,
            at: '2026-11-27T10:03:00.000Z',
            sla: sla(null, null),
          },
        },
        {
          type: 'TicketReplied',
          data: {
            ticketId,
            userId: agent,
            replyId: answerId,
            authorId: agent,
            side: 'agent',
            body: 'Florida',
            asksAgent: false,
            at: '2026-11-27T10:04:00.000Z',
            sla: sla(null, '2026-11-27T22:04:00.000Z'),
          },
        },
        {
          type: 'TicketFileAttached',
          data: {
            ticketId,
            userId: agent,
            file: { fileId: randomUUID(), key: 'k', name: 'receipt.pdf', contentType: 'application/pdf', size: 9, replyId: answerId },
          },
        },
        {
          type: 'TicketActionLinked',
          data: {
            ticketId,
            userId: agent,
            action: {
              kind: 'refund',
              adjustmentId: randomUUID(),
              entrySeq: 2,
              amountCents: 1_000,
              reason: 'Charged twice',
              byId: admin,
              at: '2026-11-27T10:05:00.000Z',
            },
          },
        },
      ];
      await db.store.append(
        ticketStream(ticketId),
        events.map((e) => newEvent(e.type, e.data, ctx)),
        { expectedVersion: 'no_stream' },
      );
      const rows = `SELECT t.assignee_id, t.waiting_on_agent, t.last_reply_side, t.sla_due_at, t.files,
          (SELECT json_agg(json_build_object('kind', m.kind, 'side', m.side, 'body', m.body, 'asks', m.asks_agent, 'files', m.files) ORDER BY m.created_at)
             FROM rm_ticket_messages m WHERE m.ticket_id = t.ticket_id) AS messages
        FROM rm_tickets t WHERE t.ticket_id = '${ticketId}'`;
      const { live, rebuilt, changes } = await liveThenRebuilt(db.store, db.pool, ticketsProjection, rows);
      expect(live).toEqual([
        {
          assignee_id: admin,
          waiting_on_agent: false,
          last_reply_side: 'agent',
          sla_due_at: new Date('2026-11-27T22:04:00.000Z'),
          files: [],
          messages: [
            { kind: 'note', side: 'admin', body: 'vendor outage', asks: false, files: [] },
            { kind: 'reply', side: 'admin', body: 'which campaign?', asks: true, files: [] },
            { kind: 'reply', side: 'agent', body: 'Florida', asks: false, files: [expect.objectContaining({ name: 'receipt.pdf' })] },
          ],
        },
      ]);
      expect(rebuilt).toEqual(live);
      // The note tells nobody; the admin's reply is an update for the agent; the assignment and the agent's answer tell the assignee.
      const ours = changes.filter((change) => change.userId === agent || change.userId === admin);
      expect(new Set(ours.map((change) => `${change.userId === agent ? 'agent' : 'admin'} ${change.topic}`))).toEqual(
        new Set(['agent tickets', 'agent ticket-updated', 'admin help-requests']),
      );
      expect(ours.filter((change) => change.userId === agent && change.topic === 'ticket-updated')).toHaveLength(1);
      // A new request, and a refund or return linked to it, tell every admin (any of them may have it open).
      expect(changes).toContainEqual({ userId: 'role:admin', topic: 'help-requests' });
      expect((await db.pool.query('SELECT updated_at FROM rm_tickets WHERE ticket_id = $1', [ticketId])).rows[0].updated_at).not.toEqual(
        new Date('2026-11-27T10:04:00.000Z'),
      );
    });
  });
}

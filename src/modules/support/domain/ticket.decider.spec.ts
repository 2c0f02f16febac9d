import { describe, expect, it } from 'vitest';

import { givenWhenThen } from '../../../../test/support/given-when-then.js';
import { fold } from '../../../platform/domain/decider.js';
import type { SlaPolicy } from './sla/sla-clock.js';
import { notesWithStatusComment, ticketDecider, type TicketEvent, type TicketFile } from './ticket.decider.js';

const given = givenWhenThen(ticketDecider);
const HOUR = 3_600_000;
/** Weekdays 09:00–17:00 in New York, no holidays; High: first response within 1 business hour, resolved within 8. */
const slaPolicy: SlaPolicy = {
  calendar: {
    zone: 'America/New_York',
    weekdays: new Set([1, 2, 3, 4, 5]),
    opensAtMinute: 9 * 60,
    closesAtMinute: 17 * 60,
    holidays: new Set(),
    federalHolidays: false,
  },
  targets: {
    High: { firstResponseMs: HOUR, resolutionMs: 8 * HOUR },
    Med: { firstResponseMs: 4 * HOUR, resolutionMs: 24 * HOUR },
    Low: { firstResponseMs: 8 * HOUR, resolutionMs: 40 * HOUR },
  },
  warnBeforeMs: HOUR / 2,
};
/** The clocks, where a test is about something else. */
const anySla = expect.any(Object) as never;
const at = (minute: number) => new Date(Date.UTC(2026, 10, 27, 10, minute));
const concern = 'My leads did not arrive, the receipt is attached.';
const submitted: TicketEvent = {
  type: 'TicketSubmitted',
  data: { ticketId: 't1', userId: 'u1', systemProgram: 'General', priority: 'High', concern, submittedAt: at(0).toISOString(), sla: anySla },
};
const file = (fileId: string): TicketFile => ({ fileId, key: `u1/t1/${fileId}`, name: 'receipt.pdf', contentType: 'application/pdf', size: 100 });
const attached = (fileId: string): TicketEvent => ({ type: 'TicketFileAttached', data: { ticketId: 't1', userId: 'u1', file: file(fileId) } });
const statusChanged = (status: 'To Do' | 'In Progress' | 'Done', comment: string | null, adminNotes: string, minute: number): TicketEvent => ({
  type: 'TicketStatusChanged',
  data: { ticketId: 't1', userId: 'u1', status, comment, adminNotes, changedBy: 'admin', at: at(minute).toISOString(), sla: anySla },
});
const replied = (replyId: string, side: 'agent' | 'admin', body: string, asksAgent: boolean, minute: number): TicketEvent => ({
  type: 'TicketReplied',
  data: {
    ticketId: 't1',
    userId: 'u1',
    replyId,
    authorId: side === 'agent' ? 'u1' : 'admin',
    side,
    body,
    asksAgent,
    at: at(minute).toISOString(),
    sla: anySla,
  },
});
const submit = (text = concern) => ({
  type: 'SubmitTicket' as const,
  ticketId: 't1',
  userId: 'u1',
  systemProgram: 'General' as const,
  priority: 'High' as const,
  concern: text,
  slaPolicy,
});
const changeStatus = (status: 'To Do' | 'In Progress' | 'Done', comment: string | null = null) => ({
  type: 'ChangeTicketStatus' as const,
  adminId: 'admin',
  status,
  comment,
  timeZone: 'America/New_York',
  slaPolicy,
});

describe('a help request', () => {
  it('is submitted To Do with a concern of at least 20 characters, trimmed', () => {
    given([])
      .when(submit(`  ${concern}  `), at(0))
      .then([submitted]);
    given([]).when(submit('too short, 19 chars'), at(0)).thenRefuses('COMMENT_TOO_SHORT', 'Please provide more detail (at least 20 characters)');
    given([])
      .when(submit(`   ${'x'.repeat(19)}    `), at(0))
      .thenRefuses('COMMENT_TOO_SHORT');
    expect(fold(ticketDecider, [submitted])).toMatchObject({ status: 'To Do', adminNotes: '', files: [] });
  });

  it('keeps the item it was reported from (a wallet entry, a lead, a delivery) as it read then', () => {
    const reference = { kind: 'wallet-entry' as const, id: '7', label: 'Lead purchase, -$25.00, Nov 26, 2026, 2:07 PM EST' };
    given([])
      .when({ ...submit(), reference }, at(0))
      .then([{ ...submitted, data: { ...submitted.data, reference } } as TicketEvent]);
  });

  it('records each step of a lead return started from it once, and nothing once deleted', () => {
    const action = {
      kind: 'lead-return' as const,
      step: 'requested' as const,
      returnId: 'r1',
      leadId: 'l1',
      priceCents: 2_500,
      reason: 'Bad phone numbers',
      byId: 'admin',
      at: at(5).toISOString(),
    };
    const linked: TicketEvent = { type: 'TicketActionLinked', data: { ticketId: 't1', userId: 'u1', action } };
    given([submitted]).when({ type: 'LinkAction', action }, at(5)).then([linked]);
    given([submitted, linked]).when({ type: 'LinkAction', action }, at(6)).then([]);
    const approved = { ...action, step: 'approved' as const, reason: null };
    given([submitted, linked])
      .when({ type: 'LinkAction', action: approved }, at(7))
      .then([{ type: 'TicketActionLinked', data: { ticketId: 't1', userId: 'u1', action: approved } }]);
    given([]).when({ type: 'LinkAction', action }, at(5)).then([]);
    // A refund given from the request is recorded once, beside the return's steps.
    const refund = {
      kind: 'refund' as const,
      adjustmentId: 'a1',
      entrySeq: 2,
      amountCents: 1_000,
      reason: 'Charged twice',
      byId: 'admin',
      at: at(8).toISOString(),
    };
    const refunded: TicketEvent = { type: 'TicketActionLinked', data: { ticketId: 't1', userId: 'u1', action: refund } };
    given([submitted, linked]).when({ type: 'LinkAction', action: refund }, at(8)).then([refunded]);
    given([submitted, linked, refunded]).when({ type: 'LinkAction', action: refund }, at(9)).then([]);
  });

  it('stores a repeated submission once', () => {
    given([submitted]).when(submit(), at(1)).then([]);
  });

  it('keeps files its own agent attaches, once each, at most 10, and refuses another agent', () => {
    given([submitted])
      .when({ type: 'AttachFile', actorId: 'u1', file: file('f1') }, at(1))
      .then([attached('f1')]);
    given([submitted, attached('f1')])
      .when({ type: 'AttachFile', actorId: 'u1', file: file('f1') }, at(1))
      .then([]);
    given([submitted])
      .when({ type: 'AttachFile', actorId: 'u2', file: file('f1') }, at(1))
      .thenRefuses('TICKET_NOT_FOUND');
    // An admin adds files to their own replies only, never to the agent's request.
    given([submitted])
      .when({ type: 'AttachFile', actorId: 'admin', file: file('f1') }, at(1))
      .thenRefuses('TICKET_NOT_FOUND');
    const ten = Array.from({ length: 10 }, (_, i) => attached(`f${i}`));
    given([submitted, ...ten])
      .when({ type: 'AttachFile', actorId: 'u1', file: file('f10') }, at(1))
      .thenRefuses('TOO_MANY_FILES');
    given([])
      .when({ type: 'AttachFile', actorId: 'u1', file: file('f1') }, at(1))
      .thenRefuses('TICKET_NOT_FOUND', 'Help request not found');
  });

  it('keeps a conversation of public replies from its agent and admins, each reply once, with the reply’s own files', () => {
    const fromAdmin = replied('r1', 'admin', 'Which campaign was it?', true, 1);
    given([submitted])
      .when({ type: 'ReplyToTicket', replyId: 'r1', authorId: 'admin', side: 'admin', body: '  Which campaign was it?  ', asksAgent: true, slaPolicy }, at(1))
      .then([fromAdmin]);
    given([submitted, fromAdmin])
      .when({ type: 'ReplyToTicket', replyId: 'r1', authorId: 'admin', side: 'admin', body: 'Which campaign was it?', asksAgent: true, slaPolicy }, at(2))
      .then([]);
    // An agent's reply never asks anyone to wait; another agent's is refused as if the ticket did not exist.
    given([submitted, fromAdmin])
      .when({ type: 'ReplyToTicket', replyId: 'r2', authorId: 'u1', side: 'agent', body: 'The Florida one', asksAgent: true, slaPolicy }, at(2))
      .then([replied('r2', 'agent', 'The Florida one', false, 2)]);
    given([submitted])
      .when({ type: 'ReplyToTicket', replyId: 'r2', authorId: 'u2', side: 'agent', body: 'Not my ticket', asksAgent: false, slaPolicy }, at(2))
      .thenRefuses('TICKET_NOT_FOUND');
    // An id is one message of the ticket: the agent cannot send theirs under the admin's reply's id, nor an admin a note under it.
    given([submitted, fromAdmin])
      .when({ type: 'ReplyToTicket', replyId: 'r1', authorId: 'u1', side: 'agent', body: 'Mine now', asksAgent: false, slaPolicy }, at(2))
      .thenRefuses('MESSAGE_ID_TAKEN');
    given([submitted, fromAdmin]).when({ type: 'AddInternalNote', noteId: 'r1', adminId: 'admin', body: 'Private' }, at(2)).thenRefuses('MESSAGE_ID_TAKEN');
    given([submitted])
      .when({ type: 'ReplyToTicket', replyId: 'r2', authorId: 'u1', side: 'agent', body: '   ', asksAgent: false, slaPolicy }, at(2))
      .thenRefuses('MESSAGE_EMPTY', 'Write the reply first');
    given([submitted])
      .when({ type: 'ReplyToTicket', replyId: 'r2', authorId: 'u1', side: 'agent', body: 'x'.repeat(10_001), asksAgent: false, slaPolicy }, at(2))
      .thenRefuses('MESSAGE_TOO_LONG');
    expect(fold(ticketDecider, [submitted, fromAdmin])).toMatchObject({ waitingOnAgent: true });
    expect(fold(ticketDecider, [submitted, fromAdmin, replied('r2', 'agent', 'The Florida one', false, 2)])).toMatchObject({ waitingOnAgent: false });

    const replyFile = { ...file('rf1'), replyId: 'r1' };
    given([submitted, fromAdmin])
      .when({ type: 'AttachFile', actorId: 'admin', file: replyFile }, at(3))
      .then([{ type: 'TicketFileAttached', data: { ticketId: 't1', userId: 'u1', file: replyFile } }]);
    // Only a reply's author adds to it; a reply that does not exist has nothing to add to.
    given([submitted, fromAdmin]).when({ type: 'AttachFile', actorId: 'u1', file: replyFile }, at(3)).thenRefuses('REPLY_NOT_FOUND');
    given([submitted]).when({ type: 'AttachFile', actorId: 'admin', file: replyFile }, at(3)).thenRefuses('REPLY_NOT_FOUND', 'Reply not found');
    // A reply's ten files do not count against the request's ten.
    const tenOnRequest = Array.from({ length: 10 }, (_, i) => attached(`f${i}`));
    given([submitted, ...tenOnRequest, fromAdmin])
      .when({ type: 'AttachFile', actorId: 'admin', file: replyFile }, at(3))
      .then([{ type: 'TicketFileAttached', data: { ticketId: 't1', userId: 'u1', file: replyFile } }]);
  });

  it('sets SLA deadlines in business hours when it opens, meets the first response with an admin’s reply, and waits while the agent is asked', () => {
    const utc = (day: number, hour: number) => new Date(Date.UTC(2026, 10, day, hour)).toISOString();
    // Friday 2026-11-27 05:00 in New York, before opening: the clocks start at 09:00.
    const [opened] = ticketDecider.decide(submit(), ticketDecider.initialState(), new Date(utc(27, 10)));
    const sla = (event: TicketEvent | undefined) => (event?.data as { sla: Record<string, unknown> }).sla;
    expect(sla(opened)).toEqual({
      firstResponse: { dueAt: utc(27, 15), warnAt: '2026-11-27T14:30:00.000Z', remainingMs: HOUR, state: 'running', counting: true },
      resolution: { dueAt: utc(27, 22), warnAt: '2026-11-27T21:30:00.000Z', remainingMs: 8 * HOUR, state: 'running', counting: true },
    });
    // 09:30 in New York: the first response is met; the question pauses the resolution clock with 7.5 hours left.
    const asked = {
      type: 'ReplyToTicket' as const,
      replyId: 'r1',
      authorId: 'admin',
      side: 'admin' as const,
      body: 'Which campaign?',
      asksAgent: true,
      slaPolicy,
    };
    const [question] = ticketDecider.decide(asked, fold(ticketDecider, [opened!]), new Date('2026-11-27T14:30:00.000Z'));
    expect(sla(question)).toMatchObject({
      firstResponse: { state: 'met', counting: false },
      resolution: { dueAt: null, remainingMs: 7.5 * HOUR, state: 'paused', counting: false },
    });
    // The agent answers on Monday at 09:00: seven and a half business hours from then is 16:30.
    const answer = {
      type: 'ReplyToTicket' as const,
      replyId: 'r2',
      authorId: 'u1',
      side: 'agent' as const,
      body: 'The Florida one',
      asksAgent: false,
      slaPolicy,
    };
    const [answered] = ticketDecider.decide(answer, fold(ticketDecider, [opened!, question!]), new Date(utc(30, 14)));
    expect(sla(answered)).toMatchObject({ resolution: { dueAt: '2026-11-30T21:30:00.000Z', remainingMs: 7.5 * HOUR, state: 'running', counting: true } });
    // Done at 10:00 stops it with 6.5 hours left; opened again at 13:00, the time it sat Done does not count: Tuesday 11:30.
    const [done] = ticketDecider.decide(changeStatus('Done'), fold(ticketDecider, [opened!, question!, answered!]), new Date(utc(30, 15)));
    expect(sla(done)).toMatchObject({ resolution: { state: 'met', counting: false } });
    const [reopened] = ticketDecider.decide(changeStatus('In Progress'), fold(ticketDecider, [opened!, question!, answered!, done!]), new Date(utc(30, 18)));
    expect(sla(reopened)).toMatchObject({ resolution: { dueAt: '2026-12-01T16:30:00.000Z', remainingMs: 6.5 * HOUR, state: 'running', counting: true } });
  });

  it('warns of the next SLA deadline once its warning time came, once per deadline, to the assignee of the moment', () => {
    const utc = (day: number, hour: number, minute = 0) => new Date(Date.UTC(2026, 10, day, hour, minute));
    const warn = { type: 'WarnSlaDeadline' as const, slaPolicy };
    const [opened] = ticketDecider.decide(submit(), ticketDecider.initialState(), utc(27, 14)); // 09:00 in New York
    // The first response is due at 10:00, warned of half an hour before.
    given([opened!])
      .when(warn, utc(27, 14, 29))
      .then([]);
    const warned: TicketEvent = {
      type: 'TicketSlaWarned',
      data: { ticketId: 't1', userId: 'u1', assigneeId: null, clock: 'firstResponse', dueAt: '2026-11-27T15:00:00.000Z', at: utc(27, 14, 30).toISOString() },
    };
    given([opened!])
      .when(warn, utc(27, 14, 30))
      .then([warned]);
    given([opened!, warned])
      .when(warn, utc(27, 14, 45))
      .then([]);
    // Answered, the next deadline is the resolution's (17:00), warned of at 16:30; none when warnings are off.
    const [answer] = ticketDecider.decide(
      { type: 'ReplyToTicket', replyId: 'r1', authorId: 'admin', side: 'admin', body: 'Looking at it', asksAgent: false, slaPolicy },
      fold(ticketDecider, [opened!, warned]),
      utc(27, 14, 50),
    );
    given([opened!, warned, answer!])
      .when(warn, utc(27, 21, 29))
      .then([]);
    given([opened!, warned, answer!])
      .when(warn, utc(27, 21, 30))
      .then([{ type: 'TicketSlaWarned', data: { ...warned.data, clock: 'resolution', dueAt: '2026-11-27T22:00:00.000Z', at: utc(27, 21, 30).toISOString() } }]);
    given([opened!])
      .when({ type: 'WarnSlaDeadline', slaPolicy: { ...slaPolicy, warnBeforeMs: 0 } }, utc(27, 14, 59))
      .then([]);
  });

  it('keeps internal notes apart from the conversation, once each', () => {
    const note: TicketEvent = {
      type: 'TicketInternalNoteAdded',
      data: { ticketId: 't1', userId: 'u1', noteId: 'n1', authorId: 'admin', body: 'Vendor confirmed the outage', at: at(1).toISOString() },
    };
    given([submitted]).when({ type: 'AddInternalNote', noteId: 'n1', adminId: 'admin', body: ' Vendor confirmed the outage ' }, at(1)).then([note]);
    given([submitted, note]).when({ type: 'AddInternalNote', noteId: 'n1', adminId: 'admin', body: 'Vendor confirmed the outage' }, at(2)).then([]);
    given([submitted])
      .when({ type: 'AddInternalNote', noteId: 'n2', adminId: 'admin', body: '' }, at(2))
      .thenRefuses('MESSAGE_EMPTY', 'Write the internal note first');
    expect(fold(ticketDecider, [submitted, note])).toMatchObject({ replies: [], waitingOnAgent: false });
  });

  it('is assigned to an admin and reassigned, each change with who had it before', () => {
    const assigned = (assigneeId: string | null, previousAssigneeId: string | null, minute: number): TicketEvent => ({
      type: 'TicketAssigned',
      data: { ticketId: 't1', userId: 'u1', assigneeId, previousAssigneeId, assignedBy: 'admin', at: at(minute).toISOString() },
    });
    given([submitted])
      .when({ type: 'AssignTicket', adminId: 'admin', assigneeId: 'a1' }, at(1))
      .then([assigned('a1', null, 1)]);
    given([submitted, assigned('a1', null, 1)])
      .when({ type: 'AssignTicket', adminId: 'admin', assigneeId: 'a2' }, at(2))
      .then([assigned('a2', 'a1', 2)]);
    given([submitted, assigned('a1', null, 1)])
      .when({ type: 'AssignTicket', adminId: 'admin', assigneeId: 'a1' }, at(2))
      .then([]);
    given([submitted, assigned('a1', null, 1)])
      .when({ type: 'AssignTicket', adminId: 'admin', assigneeId: null }, at(3))
      .then([assigned(null, 'a1', 3)]);
  });

  it('takes any status in any order from an admin', () => {
    given([submitted])
      .when(changeStatus('Done'), at(1))
      .then([statusChanged('Done', null, '', 1)]);
    given([submitted, statusChanged('Done', null, '', 1)])
      .when(changeStatus('To Do'), at(2))
      .then([statusChanged('To Do', null, '', 2)]);
    given([submitted]).when(changeStatus('To Do'), at(1)).then([]);
  });

  it('appends a status change with a comment to the admin notes, timestamped in the organisation’s zone, after a blank line', () => {
    const first = '[2026-11-27 05:01 EST] Status changed to "In Progress": Looking at the receipt';
    given([submitted])
      .when(changeStatus('In Progress', '  Looking at the receipt '), at(1))
      .then([statusChanged('In Progress', 'Looking at the receipt', first, 1)]);
    const saved: TicketEvent = {
      type: 'AdminNotesSaved',
      data: { ticketId: 't1', userId: 'u1', adminNotes: `${first}\nCalled the vendor.\n`, savedBy: 'admin', at: at(2).toISOString() },
    };
    given([submitted, statusChanged('In Progress', 'Looking at the receipt', first, 1), saved])
      .when(changeStatus('Done', 'Refunded'), at(3))
      .then([statusChanged('Done', 'Refunded', `${first}\nCalled the vendor.\n\n[2026-11-27 05:03 EST] Status changed to "Done": Refunded`, 3)]);
    // The same status again with a comment still records the comment.
    expect(notesWithStatusComment('', 'Done', 'again', at(4), 'America/New_York')).toBe('[2026-11-27 05:04 EST] Status changed to "Done": again');
  });

  it('saves admin notes as written, and nothing when they did not change', () => {
    given([submitted])
      .when({ type: 'SaveAdminNotes', adminId: 'admin', adminNotes: 'Called the vendor', previousNotes: '' }, at(1))
      .then([{ type: 'AdminNotesSaved', data: { ticketId: 't1', userId: 'u1', adminNotes: 'Called the vendor', savedBy: 'admin', at: at(1).toISOString() } }]);
    given([submitted]).when({ type: 'SaveAdminNotes', adminId: 'admin', adminNotes: '', previousNotes: '' }, at(1)).then([]);
  });

  it('refuses notes edited from notes that changed meanwhile, so no one’s words are overwritten unseen', () => {
    const commented = statusChanged('In Progress', 'on it', '[2026-11-27 05:01 EST] Status changed to "In Progress": on it', 1);
    const refusal = given([submitted, commented])
      .when({ type: 'SaveAdminNotes', adminId: 'admin', adminNotes: 'My own notes', previousNotes: '' }, at(2))
      .thenRefuses('NOTES_CHANGED');
    expect(refusal.status).toBe(409);
    expect(refusal.details).toEqual({ adminNotes: '[2026-11-27 05:01 EST] Status changed to "In Progress": on it' });
  });

  it('is deleted by its agent only while To Do, with its files, and is gone afterwards', () => {
    const deleted: TicketEvent = { type: 'TicketDeleted', data: { ticketId: 't1', userId: 'u1', files: [file('f1')] } };
    given([submitted, attached('f1')])
      .when({ type: 'DeleteTicket', userId: 'u1' }, at(1))
      .then([deleted]);
    given([submitted]).when({ type: 'DeleteTicket', userId: 'u2' }, at(1)).thenRefuses('TICKET_NOT_FOUND');
    given([submitted, statusChanged('In Progress', null, '', 1)])
      .when({ type: 'DeleteTicket', userId: 'u1' }, at(2))
      .thenRefuses('TICKET_NOT_DELETABLE', 'Only tickets still To Do can be deleted');
    // Still To Do, but answered, noted or acted on by the support team: kept.
    const worked = 'The support team has already worked on this ticket, so it stays on record. Reply to it instead.';
    given([submitted, replied('r1', 'admin', 'Which campaign?', true, 1)])
      .when({ type: 'DeleteTicket', userId: 'u1' }, at(2))
      .thenRefuses('TICKET_WORKED_ON', worked);
    given([
      submitted,
      {
        type: 'TicketInternalNoteAdded',
        data: { ticketId: 't1', userId: 'u1', noteId: 'n1', authorId: 'admin', body: 'vendor outage', at: at(1).toISOString() },
      },
    ])
      .when({ type: 'DeleteTicket', userId: 'u1' }, at(2))
      .thenRefuses('TICKET_WORKED_ON', worked);
    // A lead return or a refund started from it, still To Do: kept too.
    const returnRequested = {
      kind: 'lead-return' as const,
      step: 'requested' as const,
      returnId: 'r9',
      leadId: 'l9',
      priceCents: 2_500,
      reason: 'Bad phone numbers',
      byId: 'admin',
      at: at(1).toISOString(),
    };
    const refundGiven = {
      kind: 'refund' as const,
      adjustmentId: 'a9',
      entrySeq: 3,
      amountCents: 1_000,
      reason: 'Charged twice',
      byId: 'admin',
      at: at(1).toISOString(),
    };
    for (const action of [returnRequested, refundGiven]) {
      given([submitted, { type: 'TicketActionLinked', data: { ticketId: 't1', userId: 'u1', action } }])
        .when({ type: 'DeleteTicket', userId: 'u1' }, at(2))
        .thenRefuses('TICKET_WORKED_ON', worked);
    }
    given([submitted, replied('r1', 'agent', 'More detail', false, 1)])
      .when({ type: 'DeleteTicket', userId: 'u1' }, at(2))
      .then([{ type: 'TicketDeleted', data: { ticketId: 't1', userId: 'u1', files: [] } }]);
    given([submitted, attached('f1'), deleted])
      .when(changeStatus('Done'), at(2))
      .thenRefuses('TICKET_NOT_FOUND');
    given([submitted, attached('f1'), deleted])
      .when({ type: 'DeleteTicket', userId: 'u1' }, at(2))
      .thenRefuses('TICKET_NOT_FOUND');
  });
});

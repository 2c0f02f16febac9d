import { assertNever, type Decider } from '../../../platform/domain/decider.js';
import { DomainError } from '../../../platform/domain/domain-error.js';
import { localTime, zoneAbbreviation } from '../../../platform/time/org-time.js';
import type { TicketReference } from '../contracts/ticket-reference.js';
import { nextDeadline, type SlaClockName, type TicketSla } from '../contracts/ticket-sla.js';
import { MAX_FILES_PER_TICKET, MIN_CONCERN_LENGTH, type Priority, type SystemProgram, type TicketStatus } from '../contracts/ticket-values.js';
import type { SlaPolicy } from './sla/sla-clock.js';
import { openFacts, resolvedOrReopened, responded, slaSnapshot, stopWaiting, waitOnAgent, type TicketSlaFacts } from './ticket-sla.js';

export const MAX_CONCERN_LENGTH = 10_000;
export const MAX_NOTES_LENGTH = 50_000;
export const MAX_MESSAGE_LENGTH = 10_000;

/** A file kept with a ticket: where the server stored it and what it is; the original name is data, never a path. */
export type TicketFile = {
  readonly fileId: string;
  readonly key: string;
  readonly name: string;
  readonly contentType: string;
  readonly size: number;
  /** The reply the file came with; none for the files of the request itself. */
  readonly replyId?: string;
};

/** Who wrote a reply: the ticket's agent, or the support team. */
export type ReplySide = 'agent' | 'admin';

export type TicketEvent =
  | {
      type: 'TicketSubmitted';
      data: {
        ticketId: string;
        userId: string;
        systemProgram: SystemProgram;
        priority: Priority;
        concern: string;
        submittedAt: string;
        /** The SLA clocks' deadlines as they opened (absent on requests from before the clocks). */
        sla?: TicketSla;
        /** The item of the agent's money side the request was opened from ('Report a problem'), as it read then. */
        reference?: TicketReference;
      };
    }
  | { type: 'TicketFileAttached'; data: { ticketId: string; userId: string; file: TicketFile } }
  | {
      type: 'TicketStatusChanged';
      data: {
        ticketId: string;
        userId: string;
        status: TicketStatus;
        comment: string | null;
        adminNotes: string;
        changedBy: string;
        at: string;
        sla?: TicketSla;
      };
    }
  | { type: 'AdminNotesSaved'; data: { ticketId: string; userId: string; adminNotes: string; savedBy: string; at: string } }
  /** A public reply: the agent sees it and is mailed an admin's; `asksAgent`: the admin waits on the agent's answer. */
  | {
      type: 'TicketReplied';
      data: {
        ticketId: string;
        userId: string;
        replyId: string;
        authorId: string;
        side: ReplySide;
        body: string;
        asksAgent: boolean;
        at: string;
        sla?: TicketSla;
      };
    }
  /** Between admins only: no agent-facing answer, notice or e-mail ever carries it. */
  | { type: 'TicketInternalNoteAdded'; data: { ticketId: string; userId: string; noteId: string; authorId: string; body: string; at: string } }
  | {
      type: 'TicketAssigned';
      data: { ticketId: string; userId: string; assigneeId: string | null; previousAssigneeId: string | null; assignedBy: string; at: string };
    }
  /** An SLA deadline is near (or passed unwarned): the assignee, else the support team, is told; once per clock and deadline. */
  | { type: 'TicketSlaWarned'; data: { ticketId: string; userId: string; assigneeId: string | null; clock: SlaClockName; dueAt: string; at: string } }
  /** Something done on the money side from this request (a lead return started, approved or denied), with its own id, for the timeline. */
  | { type: 'TicketActionLinked'; data: { ticketId: string; userId: string; action: LinkedAction } }
  | { type: 'TicketDeleted'; data: { ticketId: string; userId: string; files: readonly TicketFile[] } };

export type { SlaClockName };

/** A step of a lead return started from the request: who took it and when, what it moved. */
export type LinkedLeadReturn = {
  readonly kind: 'lead-return';
  readonly step: 'requested' | 'approved' | 'denied';
  readonly returnId: string;
  readonly leadId: string;
  /** The lead's price, which an approval gives back (none on a denial). */
  readonly priceCents: number | null;
  /** The return's reason (requested) or why it was denied. */
  readonly reason: string | null;
  readonly byId: string;
  readonly at: string;
};

/** A refund of (part of) the wallet entry the request is about, given from it: who gave it, when, how much and why. */
export type LinkedRefund = {
  readonly kind: 'refund';
  readonly adjustmentId: string;
  readonly entrySeq: number;
  readonly amountCents: number;
  readonly reason: string;
  readonly byId: string;
  readonly at: string;
};

/** Something started from the request on the money side, recorded on the request once per step. */
export type LinkedAction = LinkedLeadReturn | LinkedRefund;

/** Each step of each action once: a return's three steps, a refund's one. */
export const linkedActionKey = (action: LinkedAction): string =>
  action.kind === 'lead-return' ? `${action.returnId}@${action.step}` : `${action.adjustmentId}@refunded`;

export type TicketCommand =
  /** `slaPolicy`: the service levels of the moment, which set the clocks' deadlines (also on the next two). */
  /** `reference`: the agent's item the request is about, already checked to be theirs. */
  | {
      type: 'SubmitTicket';
      ticketId: string;
      userId: string;
      systemProgram: SystemProgram;
      priority: Priority;
      concern: string;
      slaPolicy: SlaPolicy;
      reference?: TicketReference;
    }
  /** By the agent to their request, or by a reply's author (the agent or an admin) to that reply (`replyId`). */
  | { type: 'AttachFile'; actorId: string; file: TicketFile }
  /** timeZone: the organisation's, which the note's time is written in. */
  | { type: 'ChangeTicketStatus'; adminId: string; status: TicketStatus; comment: string | null; timeZone: string; slaPolicy: SlaPolicy }
  /** `previousNotes`: the notes the admin's edit started from; saved only if they are still the ticket's. */
  | { type: 'SaveAdminNotes'; adminId: string; adminNotes: string; previousNotes: string }
  | { type: 'ReplyToTicket'; replyId: string; authorId: string; side: ReplySide; body: string; asksAgent: boolean; slaPolicy: SlaPolicy }
  | { type: 'AddInternalNote'; noteId: string; adminId: string; body: string }
  /** `assigneeId`: an admin (the handler checks the role), or null to leave the ticket unassigned. */
  | { type: 'AssignTicket'; adminId: string; assigneeId: string | null }
  /** The warning sweep: warns of the next deadline once its warning time came (slaPolicy.warnBeforeMs before it). */
  | { type: 'WarnSlaDeadline'; slaPolicy: SlaPolicy }
  | { type: 'DeleteTicket'; userId: string }
  /** The process that follows a lead return started from this request: each step once. */
  | { type: 'LinkAction'; action: LinkedAction };

type Reply = { readonly replyId: string; readonly authorId: string; readonly side: ReplySide };

export type TicketState =
  | { readonly exists: false }
  | {
      readonly exists: true;
      readonly ticketId: string;
      readonly userId: string;
      readonly status: TicketStatus;
      readonly adminNotes: string;
      readonly files: readonly TicketFile[];
      readonly replies: readonly Reply[];
      readonly noteIds: readonly string[];
      readonly assigneeId: string | null;
      /** An admin's last reply asked the agent something, and the agent has not answered yet. */
      readonly waitingOnAgent: boolean;
      readonly sla: TicketSlaFacts;
      /** `clock@dueAt` of each warning given. */
      readonly warned: readonly string[];
      /** `returnId@step` of each linked action recorded. */
      readonly linked: readonly string[];
      readonly deleted: boolean;
    };

export const TICKET_NOT_FOUND = 'Help request not found';
export const REPLY_NOT_FOUND = 'Reply not found';
export const TICKET_WORKED_ON = 'The support team has already worked on this ticket, so it stays on record. Reply to it instead.';
export const NOTES_CHANGED = 'The notes were changed by someone else meanwhile. Your text is still in the box: copy it, reopen the request and save again.';

/** "2026-11-27 05:15 EST": the time a status note was written, in the organisation's zone, named. */
export const noteTime = (now: Date, zone: string) => `${localTime(now, zone).slice(0, 16)} ${zoneAbbreviation(now, zone)}`;

/**
 * The admin notes after a status change with a comment (spec section 4): the timestamped line
 * 'Status changed to "{status}": {comment}', separated from earlier notes by a blank line.
 */
export function notesWithStatusComment(notes: string, status: TicketStatus, comment: string, now: Date, zone: string): string {
  const line = `[${noteTime(now, zone)}] Status changed to "${status}": ${comment}`;
  return notes.trim() === '' ? line : `${notes.replace(/\s+$/, '')}\n\n${line}`;
}

function live(state: TicketState) {
  if (!state.exists || state.deleted) throw new DomainError('TICKET_NOT_FOUND', TICKET_NOT_FOUND, 404);
  return state;
}

/** The ticket for the one asking: its agent, or any admin; to any other agent it does not exist. */
function liveFor(state: TicketState, actorId: string, side: ReplySide) {
  const ticket = live(state);
  if (side === 'agent' && ticket.userId !== actorId) throw new DomainError('TICKET_NOT_FOUND', TICKET_NOT_FOUND, 404);
  return ticket;
}

/** A reply's or note's text, trimmed: not empty, at most MAX_MESSAGE_LENGTH characters. */
/** A reply or note id already naming another message of this ticket (ids are the client's, so a retry is the same message). */
function messageIdTaken(): DomainError {
  return new DomainError('MESSAGE_ID_TAKEN', 'That message id is already used on this help request. Send the message again with a new id.', 409);
}

function messageText(body: string, what: string): string {
  const text = body.trim();
  if (text === '') throw new DomainError('MESSAGE_EMPTY', `Write the ${what} first`, 400);
  if (text.length > MAX_MESSAGE_LENGTH) throw new DomainError('MESSAGE_TOO_LONG', `The ${what} is too long (at most ${MAX_MESSAGE_LENGTH} characters)`, 400);
  return text;
}

type LiveState = Extract<TicketState, { exists: true }>;
type ClockEvent = Extract<TicketEvent, { type: 'TicketStatusChanged' | 'TicketReplied' }>;

/** The event with the SLA clocks as it leaves them: evolved from the ticket, deadlines set by the policy of now. */
function withSla<E extends ClockEvent>(ticket: LiveState, policy: SlaPolicy, now: Date, event: E): E {
  const after = ticketDecider.evolve(ticket, event);
  return after.exists ? { ...event, data: { ...event.data, sla: slaSnapshot(policy, after.sla, now) } } : event;
}

/**
 * A help request (stream `ticket-<id>`): submitted by an agent, its files attached one by one
 * (each upload may fail on its own), its status and admin notes set by admins in any order,
 * a conversation of public replies (each with its files) beside internal notes only admins
 * read, assigned to an admin, deleted by its agent only while To Do.
 */
export const ticketDecider: Decider<TicketCommand, TicketEvent, TicketState> = {
  initialState: () => ({ exists: false }),

  evolve(state, event) {
    switch (event.type) {
      case 'TicketSubmitted':
        return {
          exists: true,
          ticketId: event.data.ticketId,
          userId: event.data.userId,
          status: 'To Do',
          adminNotes: '',
          files: [],
          replies: [],
          noteIds: [],
          assigneeId: null,
          waitingOnAgent: false,
          sla: openFacts(event.data.submittedAt, event.data.priority),
          warned: [],
          linked: [],
          deleted: false,
        };
      case 'TicketFileAttached':
        return state.exists ? { ...state, files: [...state.files, event.data.file] } : state;
      case 'TicketStatusChanged': {
        if (!state.exists) return state;
        const { status, comment, adminNotes, at } = event.data;
        const sla = resolvedOrReopened(comment ? responded(state.sla, at) : state.sla, status === 'Done', at);
        return { ...state, status, adminNotes, sla };
      }
      case 'AdminNotesSaved':
        return state.exists ? { ...state, adminNotes: event.data.adminNotes } : state;
      case 'TicketReplied': {
        if (!state.exists) return state;
        const { replyId, authorId, side, asksAgent, at } = event.data;
        const waitingOnAgent = side === 'admin' && asksAgent;
        const answered = side === 'admin' ? responded(state.sla, at) : state.sla;
        const sla = waitingOnAgent ? waitOnAgent(answered, at) : stopWaiting(answered, at);
        return { ...state, replies: [...state.replies, { replyId, authorId, side }], waitingOnAgent, sla };
      }
      case 'TicketInternalNoteAdded':
        return state.exists ? { ...state, noteIds: [...state.noteIds, event.data.noteId] } : state;
      case 'TicketAssigned':
        return state.exists ? { ...state, assigneeId: event.data.assigneeId } : state;
      case 'TicketSlaWarned':
        return state.exists ? { ...state, warned: [...state.warned, `${event.data.clock}@${event.data.dueAt}`] } : state;
      case 'TicketActionLinked':
        return state.exists ? { ...state, linked: [...state.linked, linkedActionKey(event.data.action)] } : state;
      case 'TicketDeleted':
        return state.exists ? { ...state, deleted: true, files: [] } : state;
      default:
        return assertNever(event);
    }
  },

  decide(command, state, now) {
    switch (command.type) {
      case 'SubmitTicket': {
        if (state.exists) return []; // the same submission again
        const concern = command.concern.trim();
        if (concern.length < MIN_CONCERN_LENGTH) {
          throw new DomainError('COMMENT_TOO_SHORT', 'Please provide more detail (at least 20 characters)', 400);
        }
        const submittedAt = now.toISOString();
        return [
          {
            type: 'TicketSubmitted',
            data: {
              ticketId: command.ticketId,
              userId: command.userId,
              systemProgram: command.systemProgram,
              priority: command.priority,
              concern,
              submittedAt,
              sla: slaSnapshot(command.slaPolicy, openFacts(submittedAt, command.priority), now),
              ...(command.reference ? { reference: command.reference } : {}),
            },
          },
        ];
      }
      case 'AttachFile': {
        const ticket = live(state);
        const { replyId } = command.file;
        // Files go with the request (its agent) or with a reply (its author); nothing else is anyone's to add to.
        const own =
          replyId === undefined ? ticket.userId === command.actorId : ticket.replies.some((r) => r.replyId === replyId && r.authorId === command.actorId);
        if (!own)
          throw new DomainError(
            replyId === undefined ? 'TICKET_NOT_FOUND' : 'REPLY_NOT_FOUND',
            replyId === undefined ? TICKET_NOT_FOUND : REPLY_NOT_FOUND,
            404,
          );
        if (ticket.files.some((file) => file.fileId === command.file.fileId)) return [];
        if (ticket.files.filter((file) => file.replyId === replyId).length >= MAX_FILES_PER_TICKET) {
          const holder = replyId === undefined ? 'A help request' : 'A reply';
          throw new DomainError('TOO_MANY_FILES', `${holder} holds at most ${MAX_FILES_PER_TICKET} files`, 409);
        }
        return [{ type: 'TicketFileAttached', data: { ticketId: ticket.ticketId, userId: ticket.userId, file: command.file } }];
      }
      case 'ChangeTicketStatus': {
        const ticket = live(state);
        const comment = command.comment?.trim() || null;
        if (ticket.status === command.status && comment === null) return [];
        const adminNotes = comment === null ? ticket.adminNotes : notesWithStatusComment(ticket.adminNotes, command.status, comment, now, command.timeZone);
        if (adminNotes.length > MAX_NOTES_LENGTH) throw new DomainError('NOTES_TOO_LONG', 'The admin notes are too long', 400);
        return [
          withSla(ticket, command.slaPolicy, now, {
            type: 'TicketStatusChanged',
            data: {
              ticketId: ticket.ticketId,
              userId: ticket.userId,
              status: command.status,
              comment,
              adminNotes,
              changedBy: command.adminId,
              at: now.toISOString(),
            },
          }),
        ];
      }
      case 'SaveAdminNotes': {
        const ticket = live(state);
        if (ticket.adminNotes === command.adminNotes) return [];
        // Another admin's save or status comment since this edit began is never overwritten unseen.
        if (ticket.adminNotes !== command.previousNotes) throw new DomainError('NOTES_CHANGED', NOTES_CHANGED, 409, { adminNotes: ticket.adminNotes });
        return [
          {
            type: 'AdminNotesSaved',
            data: { ticketId: ticket.ticketId, userId: ticket.userId, adminNotes: command.adminNotes, savedBy: command.adminId, at: now.toISOString() },
          },
        ];
      }
      case 'ReplyToTicket': {
        const ticket = liveFor(state, command.authorId, command.side);
        const sameId = ticket.replies.find((reply) => reply.replyId === command.replyId);
        if (sameId?.authorId === command.authorId) return []; // the same reply sent again
        if (sameId || ticket.noteIds.includes(command.replyId)) throw messageIdTaken();
        const body = messageText(command.body, 'reply');
        return [
          withSla(ticket, command.slaPolicy, now, {
            type: 'TicketReplied',
            data: {
              ticketId: ticket.ticketId,
              userId: ticket.userId,
              replyId: command.replyId,
              authorId: command.authorId,
              side: command.side,
              body,
              asksAgent: command.side === 'admin' && command.asksAgent,
              at: now.toISOString(),
            },
          }),
        ];
      }
      case 'AddInternalNote': {
        const ticket = live(state);
        if (ticket.noteIds.includes(command.noteId)) return [];
        if (ticket.replies.some((reply) => reply.replyId === command.noteId)) throw messageIdTaken();
        const body = messageText(command.body, 'internal note');
        return [
          {
            type: 'TicketInternalNoteAdded',
            data: { ticketId: ticket.ticketId, userId: ticket.userId, noteId: command.noteId, authorId: command.adminId, body, at: now.toISOString() },
          },
        ];
      }
      case 'AssignTicket': {
        const ticket = live(state);
        if (ticket.assigneeId === command.assigneeId) return [];
        return [
          {
            type: 'TicketAssigned',
            data: {
              ticketId: ticket.ticketId,
              userId: ticket.userId,
              assigneeId: command.assigneeId,
              previousAssigneeId: ticket.assigneeId,
              assignedBy: command.adminId,
              at: now.toISOString(),
            },
          },
        ];
      }
      case 'WarnSlaDeadline': {
        if (!state.exists || state.deleted || command.slaPolicy.warnBeforeMs === 0) return [];
        const next = nextDeadline(slaSnapshot(command.slaPolicy, state.sla, now));
        // A breached clock has no warning time left: it is warned of at once.
        const warnAt = next?.warnAt ?? next?.dueAt;
        if (!next || !warnAt || new Date(warnAt) > now || state.warned.includes(`${next.clock}@${next.dueAt}`)) return [];
        return [
          {
            type: 'TicketSlaWarned',
            data: {
              ticketId: state.ticketId,
              userId: state.userId,
              assigneeId: state.assigneeId,
              clock: next.clock,
              dueAt: next.dueAt,
              at: now.toISOString(),
            },
          },
        ];
      }
      case 'LinkAction': {
        // A deleted request keeps no history; the return goes on without it.
        if (!state.exists || state.deleted) return [];
        const { action } = command;
        if (state.linked.includes(linkedActionKey(action))) return [];
        return [{ type: 'TicketActionLinked', data: { ticketId: state.ticketId, userId: state.userId, action } }];
      }
      case 'DeleteTicket': {
        const ticket = live(state);
        if (ticket.userId !== command.userId) throw new DomainError('TICKET_NOT_FOUND', TICKET_NOT_FOUND, 404);
        if (ticket.status !== 'To Do') {
          throw new DomainError('TICKET_NOT_DELETABLE', 'Only tickets still To Do can be deleted', 409);
        }
        // What the support team wrote on it, or a refund or return started from it, stays on record.
        if (ticket.replies.some((reply) => reply.side === 'admin') || ticket.noteIds.length > 0 || ticket.linked.length > 0) {
          throw new DomainError('TICKET_WORKED_ON', TICKET_WORKED_ON, 409);
        }
        return [{ type: 'TicketDeleted', data: { ticketId: ticket.ticketId, userId: ticket.userId, files: ticket.files } }];
      }
      default:
        return assertNever(command);
    }
  },
};

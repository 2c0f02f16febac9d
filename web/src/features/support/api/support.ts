import type { TicketMessage, TimelineEntryView as TimelineEntry } from '../../../../../src/modules/support/contracts/ticket-conversation';
import type { TicketReference, TicketReferenceKind } from '../../../../../src/modules/support/contracts/ticket-reference';
import type { SlaClockState } from '../../../../../src/modules/support/contracts/ticket-sla';
import type { HelpRequestView, Priority, SystemProgram, TicketStatus } from '../../../../../src/modules/support/contracts/ticket-values';
import type { Delivery, DeliveryAttempt } from '../../../app/api/deliveries';
import type { ExplainedEntry } from '../../../app/api/wallet';
import { api, ApiRequestError, RawBody } from '../../../lib/api-client';

export type TicketFile = { fileId: string; name: string; contentType: string; size: number };
/** One SLA clock as it stands now; `label` is ready to show ('3h 20m left', 'Paused, 3h 20m left', 'Met', '2h 5m overdue'). */
export type SlaClock = { dueAt: string | null; warnAt: string | null; remainingMs: number; state: SlaClockState; counting: boolean; label: string };
/** Both clocks of a ticket (none for a request from before the clocks). */
export type TicketSla = { firstResponse: SlaClock; resolution: SlaClock } | null;
export type Ticket = {
  ticketId: string;
  systemProgram: SystemProgram;
  priority: Priority;
  status: TicketStatus;
  concern: string;
  adminNotes: string;
  files: TicketFile[];
  createdAt: string;
  updatedAt: string;
  /** The support team asked the agent something and waits for the answer. */
  waitingOnAgent: boolean;
  lastReplySide: 'agent' | 'admin' | null;
  lastReplyAt: string | null;
  sla: TicketSla;
  /** The wallet entry, lead or delivery the request was opened from ('Report a problem'), named as it read then. */
  reference: TicketReference | null;
};
export type HelpRequest = Ticket & {
  userId: string;
  userEmail: string | null;
  userName: string | null;
  assigneeId: string | null;
  assigneeEmail: string | null;
  assigneeName: string | null;
};

/** A request as the dashboard's table lists it: the concern, notes and files come when it is opened. */
export type HelpRequestRow = Omit<HelpRequest, 'concern' | 'adminNotes' | 'files'>;

export type { HelpRequestView, TicketMessage, TicketReference, TimelineEntry };

/** A lead the agent bought, as an admin reads it on a request about it: who, the sale, and its return if one was asked for. */
export type LeadHistory = {
  leadId: string;
  name: string;
  phone: string;
  email: string | null;
  state: string;
  source: string;
  tier: string;
  campaignName: string | null;
  priceCents: number;
  boughtAt: string;
  leadReturn: {
    returnId: string;
    status: 'pending' | 'approved' | 'denied';
    reason: string;
    comment: string;
    denyReason: string | null;
    requestedAt: string;
    reviewedAt: string | null;
  } | null;
};
export type DeliveryHistory = Omit<Delivery, 'attempts'> & { attempts: DeliveryAttempt[] };
/** The item a request was opened from, with its own history; `item` is null when it is gone from the agent's account. */
export type ReferencedItem =
  | { kind: 'wallet-entry'; reference: TicketReference; item: (ExplainedEntry & { refund: EntryRefund }) | null }
  | { kind: 'lead'; reference: TicketReference; item: { lead: LeadHistory; deliveries: DeliveryHistory[] } | null }
  | { kind: 'delivery'; reference: TicketReference; item: { delivery: DeliveryHistory; lead: LeadHistory | null } | null }
  | { kind: 'assistant-conversation'; reference: TicketReference; item: AssistantConversation | null }
  | { kind: null; reference: null; item: null };
/** The agent's conversation with the AI assistant that a request was opened from (its transcript). */
export type AssistantConversation = {
  conversationId: string;
  startedAt: string;
  messages: { role: 'user' | 'assistant'; content: string; sources: { title: string; url: string }[]; at: string }[];
};
/** What a refund from the request can give back of the entry in all, and what refunds have given so far. */
export type EntryRefund = { refundableCents: number; refundedCents: number };
export type Assignee = { id: string; email: string; displayName: string | null };

export { HELP_REQUEST_VIEWS } from '../../../../../src/modules/support/contracts/ticket-values';

/** Submits a help request; the same `idempotencyKey` again (a retry) answers the same ticket. */
export const submitTicket = (
  input: { systemProgram: string; priority: string; concern: string; reference?: { kind: TicketReferenceKind; id: string } },
  idempotencyKey: string,
) => api<{ ticketId: string }>('POST', '/api/support/tickets', input, { 'idempotency-key': idempotencyKey });

/** A file for the ticket itself, or with `replyId` for that reply of the caller's. */
export function uploadTicketFile(ticketId: string, file: File, replyId?: string) {
  const query = new URLSearchParams({ name: file.name });
  if (replyId) query.set('replyId', replyId);
  return api<TicketFile>('POST', `/api/support/tickets/${ticketId}/files?${query}`, new RawBody('application/octet-stream', file));
}

/** The agent's own tickets, of one status and with words in their concern, notes or replies when given. */
export function fetchMyTickets(status: string, search = '') {
  const query = new URLSearchParams();
  if (status) query.set('status', status);
  if (search) query.set('q', search);
  return api<{ tickets: Ticket[] }>('GET', `/api/support/tickets${query.size ? `?${query}` : ''}`);
}

export const deleteTicket = (ticketId: string) => api<{ success: true }>('DELETE', `/api/support/tickets/${ticketId}`);

/** The public replies on a ticket, oldest first (what the agent reads). */
export const fetchReplies = (ticketId: string) => api<{ replies: TicketMessage[] }>('GET', `/api/support/tickets/${ticketId}/replies`);

/**
 * A public reply; `replyId` names it so a retry is the same reply (files then follow with it).
 * The agent's goes to their ticket; an admin's (`asksAgent` given) is the support team's, on the dashboard's route.
 */
export const sendReply = (ticketId: string, input: { body: string; replyId: string; asksAgent?: boolean }) =>
  input.asksAgent === undefined
    ? api<{ replyId: string }>('POST', `/api/support/tickets/${ticketId}/replies`, input)
    : api<{ replyId: string }>('POST', `/api/admin/help-requests/${ticketId}/replies`, input);

export function fetchHelpRequests(filters: { view: HelpRequestView; status: string; priority: string; search: string; offset: number; limit: number }) {
  const query = new URLSearchParams({ view: filters.view, offset: String(filters.offset), limit: String(filters.limit) });
  if (filters.status) query.set('status', filters.status);
  if (filters.priority) query.set('priority', filters.priority);
  if (filters.search) query.set('q', filters.search);
  return api<{ rows: HelpRequestRow[]; total: number }>('GET', `/api/admin/help-requests?${query}`);
}

/** One request, whole, by its id (opened from the list or a link such as Lead Returns'); null when there is none (it may have been deleted). */
export async function findHelpRequest(ticketId: string): Promise<HelpRequest | null> {
  try {
    return await api<HelpRequest>('GET', `/api/admin/help-requests/${encodeURIComponent(ticketId)}`);
  } catch (error) {
    if (error instanceof ApiRequestError && (error.status === 404 || error.status === 400)) return null;
    throw error;
  }
}

export const changeTicketStatus = (ticketId: string, status: string, comment: string) =>
  api<{ status: TicketStatus; adminNotes: string }>('POST', `/api/admin/help-requests/${ticketId}/status`, { status, comment: comment.trim() || null });

/** Saves the notes as edited from `previousNotes`; refused (409) when they changed meanwhile. */
export const saveAdminNotes = (ticketId: string, adminNotes: string, previousNotes: string) =>
  api<{ success: true }>('PUT', `/api/admin/help-requests/${ticketId}/notes`, { adminNotes, previousNotes });

export const fetchAssignees = () => api<{ assignees: Assignee[] }>('GET', '/api/admin/help-requests/assignees');

/** Gives the request to an admin, or to nobody (null). */
export const assignTicket = (ticketId: string, assigneeId: string | null) =>
  api<{ assigneeId: string | null }>('PUT', `/api/admin/help-requests/${ticketId}/assignee`, { assigneeId });

/** The replies and the internal notes, oldest first (admins). */
export const fetchConversation = (ticketId: string) => api<{ messages: TicketMessage[] }>('GET', `/api/admin/help-requests/${ticketId}/conversation`);

export const addInternalNote = (ticketId: string, input: { body: string; noteId: string }) =>
  api<{ noteId: string }>('POST', `/api/admin/help-requests/${ticketId}/internal-notes`, input);

export const fetchTicketReference = (ticketId: string) => api<ReferencedItem>('GET', `/api/admin/help-requests/${ticketId}/reference`);

/**
 * Starts the return of the lead the request is about, for its agent (a refusal comes in the server's
 * words: not about a lead, a return already waiting, past the return window). One key per click.
 */
export const startLeadReturn = (ticketId: string, input: { reason: string; comment: string }) =>
  api<{ returnId: string; leadId: string; status: 'pending' }>('POST', `/api/admin/help-requests/${ticketId}/lead-return`, input, {
    'idempotency-key': crypto.randomUUID(),
  });

/** Refunds part or all of what the wallet entry the request is about took, into its agent's wallet. One key per confirmed click. */
export const refundWalletEntry = (ticketId: string, input: { amountCents: number; reason: string }) =>
  api<{ adjustmentId: string; entrySeq: number; amountCents: number }>('POST', `/api/admin/help-requests/${ticketId}/refund`, input, {
    'idempotency-key': crypto.randomUUID(),
  });

export const fetchTimeline = (ticketId: string) => api<{ entries: TimelineEntry[] }>('GET', `/api/admin/help-requests/${ticketId}/timeline`);

/** The file's address; the server answers it as an attachment, so the browser saves it. */
export const ticketFileUrl = (ticketId: string, fileId: string) => `/api/support/tickets/${ticketId}/files/${fileId}`;

import { usd } from '../../../platform/money/usd.js';
import type { TicketEvent } from './ticket.decider.js';

/** Who recorded an event: a user (by id) or the system. */
type Actor = { readonly type: string; readonly id: string };

/** One field an event changed, as it was and as it became (null: not set). */
export type TimelineChange = { readonly field: string; readonly before: string | null; readonly after: string | null };

/** One event of a ticket as the admins' timeline shows it: who did what, when, and what it changed. */
export type TimelineEntry = {
  readonly at: string;
  readonly actor: Actor;
  readonly event: TicketEvent['type'];
  readonly summary: string;
  readonly changes: readonly TimelineChange[];
};

type Recorded = TicketEvent & { readonly metadata: { readonly occurredAt: string; readonly actor: Actor } };

const quoted = (text: string, max = 140) => (text.length > max ? `“${text.slice(0, max - 1)}…”` : `“${text}”`);

/**
 * A ticket's full history, oldest first, read from its events: each with its actor and time and
 * the before and after of what it changed (status, priority, assignee, notes, files, replies,
 * the SLA clocks' pause while the ticket waits on the agent). Internal notes are in it: this is
 * for admins only.
 */
export function ticketTimeline(events: readonly Recorded[]): TimelineEntry[] {
  let status: string | null = null;
  let notes = '';
  let assignee: string | null = null;
  let waiting = false;
  const entries: TimelineEntry[] = [];
  const add = (event: Recorded, summary: string, changes: TimelineChange[] = [], at = event.metadata.occurredAt) =>
    entries.push({ at, actor: event.metadata.actor, event: event.type, summary, changes });
  const clock = (after: boolean): TimelineChange[] =>
    after === waiting
      ? []
      : [{ field: 'SLA clocks', before: waiting ? 'paused (waiting on the agent)' : 'running', after: after ? 'paused (waiting on the agent)' : 'running' }];

  for (const event of events) {
    switch (event.type) {
      case 'TicketSubmitted': {
        const { systemProgram, priority, concern, reference } = event.data;
        const about = reference ? ` (reported from ${reference.label})` : '';
        add(event, `Submitted about ${systemProgram}${about}: ${quoted(concern)}`, [
          { field: 'status', before: null, after: 'To Do' },
          { field: 'priority', before: null, after: priority },
        ]);
        status = 'To Do';
        break;
      }
      case 'TicketFileAttached': {
        const { file } = event.data;
        add(event, `Attached ${file.name} (${file.contentType}, ${file.size} bytes)${file.replyId ? ' to a reply' : ''}`, [
          { field: 'files', before: null, after: file.name },
        ]);
        break;
      }
      case 'TicketStatusChanged': {
        const { status: next, comment, adminNotes } = event.data;
        const changes: TimelineChange[] = [];
        if (next !== status) changes.push({ field: 'status', before: status, after: next });
        if (adminNotes !== notes) changes.push({ field: 'admin notes', before: notes || null, after: adminNotes || null });
        add(event, `Status set to ${next}${comment ? ` with the comment ${quoted(comment)}` : ''}`, changes);
        status = next;
        notes = adminNotes;
        break;
      }
      case 'AdminNotesSaved':
        add(event, 'Admin notes saved', [{ field: 'admin notes', before: notes || null, after: event.data.adminNotes || null }]);
        notes = event.data.adminNotes;
        break;
      case 'TicketReplied': {
        const { side, body, asksAgent } = event.data;
        const nowWaiting = side === 'admin' && asksAgent;
        add(
          event,
          `${side === 'agent' ? 'The agent replied' : asksAgent ? 'Replied, asking the agent' : 'Replied to the agent'}: ${quoted(body)}`,
          clock(nowWaiting),
        );
        waiting = nowWaiting;
        break;
      }
      case 'TicketInternalNoteAdded':
        add(event, `Internal note: ${quoted(event.data.body)}`);
        break;
      case 'TicketAssigned':
        add(event, event.data.assigneeId ? 'Assigned' : 'Unassigned', [{ field: 'assignee', before: assignee, after: event.data.assigneeId }]);
        assignee = event.data.assigneeId;
        break;
      case 'TicketSlaWarned':
        add(event, `SLA warning sent: ${event.data.clock === 'firstResponse' ? 'first response' : 'resolution'} due ${event.data.dueAt}`);
        break;
      case 'TicketActionLinked': {
        const { action } = event.data;
        if (action.kind === 'refund') {
          add(
            event,
            `Refund from this request: ${usd(action.amountCents)} of entry #${action.entrySeq} back to the agent's wallet: ${action.reason}`,
            [{ field: 'refunded', before: null, after: usd(action.amountCents) }],
            action.at,
          );
          break;
        }
        const { step, priceCents, reason, at } = action;
        const summary = {
          requested: `Lead return started from this request (${usd(priceCents ?? 0)})${reason ? `: ${reason}` : ''}`,
          approved: `Lead return approved: ${usd(priceCents ?? 0)} back to the agent's wallet`,
          denied: `Lead return denied${reason ? `: ${quoted(reason)}` : ''}`,
        }[step];
        // When the step was taken on the lead (the process records it a moment later, or after a retry).
        add(event, summary, [{ field: 'lead return', before: step === 'requested' ? null : 'pending', after: step === 'requested' ? 'pending' : step }], at);
        break;
      }
      case 'TicketDeleted':
        add(event, `Deleted by its agent, with ${event.data.files.length} file(s)`);
        break;
    }
  }
  // Steps recorded late keep their own time: the timeline reads in the order things happened.
  return entries.sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
}

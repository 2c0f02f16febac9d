import type { EventStore } from '../../../platform/event-store/event-store.port.js';
import type { TicketEvent } from '../domain/ticket.decider.js';
import { ticketStream } from './support-streams.js';
import type { TicketReference } from './ticket-reference.js';

/** A help request as another module acting on it sees it: whose it is, when it was made, and the item it is about. */
export type HelpRequestAbout = { readonly ticketId: string; readonly userId: string; readonly submittedAt: string; readonly reference: TicketReference | null };

export const HELP_REQUEST_NOT_FOUND = 'Help request not found';

/**
 * The help request, or null when there is none (or it was deleted). Read from the request's own
 * stream, not its list row: an admin may act on a request the moment it is made, before the
 * tickets projection (asynchronous on the scaled deployment) has caught up.
 */
export async function helpRequestAbout(store: EventStore, ticketId: string): Promise<HelpRequestAbout | null> {
  let about: HelpRequestAbout | null = null;
  for (const event of (await store.readStream(ticketStream(ticketId))) as unknown as TicketEvent[]) {
    if (event.type === 'TicketSubmitted') {
      const { userId, submittedAt, reference } = event.data;
      about = { ticketId, userId, submittedAt, reference: reference ?? null };
    } else if (event.type === 'TicketDeleted') {
      about = null;
    }
  }
  return about;
}

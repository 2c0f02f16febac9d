import type { RoleDirectory } from '../../../platform/auth/role-directory.port.js';
import { DomainError } from '../../../platform/domain/domain-error.js';
import { currentState } from '../../../platform/event-store/command-handling.js';
import type { EventStore } from '../../../platform/event-store/event-store.port.js';
import { ticketStream } from '../contracts/support-streams.js';
import { TICKET_NOT_FOUND, ticketDecider, type TicketState } from '../domain/ticket.decider.js';

export type LiveTicket = Extract<TicketState, { exists: true }>;

/**
 * The ticket as its stream says now (never behind, unlike the list), for the user asking:
 * its agent or an admin. Anyone else is told it does not exist, as for a ticket that does not.
 */
export async function ticketFor(store: EventStore, roles: RoleDirectory, ticketId: string, userId: string): Promise<LiveTicket> {
  const { state } = await currentState({ store, streamId: ticketStream(ticketId), decider: ticketDecider });
  const found = state.exists && !state.deleted ? state : null;
  if (found && (found.userId === userId || (await roles.holdsAnyRole(userId, ['admin'])))) return found;
  throw new DomainError('TICKET_NOT_FOUND', TICKET_NOT_FOUND, 404);
}

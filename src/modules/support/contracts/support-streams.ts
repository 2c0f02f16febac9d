export const ticketStream = (ticketId: string) => `ticket-${ticketId}`;

/** The realtime topic of an agent's tickets: their My Support Tickets page reloads on it. */
export const TICKETS_TOPIC = 'tickets';
/** An admin changed one of the agent's tickets (status, notes, a reply): the page also says 'Ticket Updated'. */
export const TICKET_UPDATED_TOPIC = 'ticket-updated';
/** A ticket given to this admin, or answered by its agent: their dashboard reloads on it. */
export const HELP_REQUESTS_TOPIC = 'help-requests';

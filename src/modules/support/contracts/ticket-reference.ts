/** What a help request can be about besides its words: an item of the agent's money side ('Report a problem' on it), or their conversation with the assistant (its hand-off). */
export const TICKET_REFERENCE_KINDS = ['wallet-entry', 'lead', 'delivery', 'assistant-conversation'] as const;
export type TicketReferenceKind = (typeof TICKET_REFERENCE_KINDS)[number];

/**
 * The item a request was opened from: a wallet entry (its seq in the agent's history), a lead
 * the agent bought, or a delivery of a lead to one of their integrations. `label` is how the
 * item read when the request was made ("Lead purchase: Jane Doe, −$25.00, Nov 26, 2026").
 */
export type TicketReference = { readonly kind: TicketReferenceKind; readonly id: string; readonly label: string };

export const REFERENCE_NOT_FOUND = 'That item is not in your account.';

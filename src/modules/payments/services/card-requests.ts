import { z } from 'zod';

/** A saved card's id as the agent's pages send it. */
export const cardIdParam = z.string().trim().min(1).max(255);

/**
 * A card id that is not one of the agent's own (another agent's, or made up) is refused with
 * 404 and recorded as an unauthorized access: card ids are not guessable, so one seen here
 * came from somewhere it should not have.
 */
export const CARD_NOT_YOURS = { codes: ['PAYMENT_METHOD_NOT_FOUND'], resource: 'payment-method' } as const;

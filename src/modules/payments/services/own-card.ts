import { DomainError } from '../../../platform/domain/domain-error.js';
import type { CardPayments } from '../contracts/card-payments.port.js';

/** Another agent's card, or none: the same 404, so an id says nothing about who owns it. */
export async function requireOwnCard(payments: CardPayments, userId: string, cardId: string): Promise<void> {
  const cards = await payments.listCards(userId);
  if (!cards.some((card) => card.id === cardId)) throw new DomainError('PAYMENT_METHOD_NOT_FOUND', 'No such payment method.', 404);
}

import { DomainError } from '../../../platform/domain/domain-error.js';

export const dollarsOf = (cents: number) => `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** The spec's words for a purchase the balance cannot cover, with what is missing. */
export const insufficientBalanceMessage = (missingCents: number) => `Insufficient balance. You need ${dollarsOf(missingCents)} more to complete this purchase.`;

/** The wallet's refusal of a purchase in the words the agent sees. */
export function purchaseRefusalMessage(error: DomainError): string {
  const missing = Number(error.details?.missingCents ?? 0);
  return error.code === 'INSUFFICIENT_BALANCE' && missing > 0 ? insufficientBalanceMessage(missing) : error.message;
}

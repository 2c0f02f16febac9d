/**
 * The demo card provider's test cards, as Stripe's test mode knows them: one that succeeds,
 * one that is declined, one that asks the bank's authentication first, one that is disputed after it pays. Any other number is
 * refused the way Stripe's test mode refuses a real card.
 */
export type CardBehaviour = 'succeed' | 'decline' | 'authenticate' | 'dispute';

export type TestCard = { readonly brand: string; readonly behaviour: CardBehaviour };

export const TEST_CARDS: Readonly<Record<string, TestCard>> = {
  '4242424242424242': { brand: 'visa', behaviour: 'succeed' },
  '5555555555554444': { brand: 'mastercard', behaviour: 'succeed' },
  '4000000000000002': { brand: 'visa', behaviour: 'decline' },
  '4000002500003155': { brand: 'visa', behaviour: 'authenticate' },
  // Pays, then the card holder's bank disputes it (Stripe's test card of the same number does this).
  '4000000000000259': { brand: 'visa', behaviour: 'dispute' },
};

export const DECLINED_MESSAGE = 'Your card was declined.';
export const AUTHENTICATION_FAILED_MESSAGE = 'We are unable to authenticate your payment method. Please choose a different payment method and try again.';

export type CardEntry = { readonly number: string; readonly expMonth: number; readonly expYear: number; readonly cvc: string };

export type CheckedCard =
  { readonly ok: true; readonly card: TestCard; readonly last4: string } | { readonly ok: false; readonly field: string; readonly message: string };

/** Checks a typed card the way a hosted checkout does, before any charge. */
export function checkCard(entry: CardEntry, now: Date): CheckedCard {
  const digits = entry.number.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(digits)) return { ok: false, field: 'number', message: 'Your card number is incomplete.' };
  const card = TEST_CARDS[digits];
  if (!card)
    return { ok: false, field: 'number', message: 'Your card was declined. This is the demo card provider: use a test card such as 4242 4242 4242 4242.' };
  const year = entry.expYear < 100 ? 2000 + entry.expYear : entry.expYear;
  if (!Number.isInteger(entry.expMonth) || entry.expMonth < 1 || entry.expMonth > 12)
    return { ok: false, field: 'expiry', message: "Your card's expiration date is incomplete." };
  const thisMonth = now.getUTCFullYear() * 12 + now.getUTCMonth();
  if (year * 12 + (entry.expMonth - 1) < thisMonth) return { ok: false, field: 'expiry', message: "Your card's expiration year is in the past." };
  if (!/^\d{3,4}$/.test(entry.cvc)) return { ok: false, field: 'cvc', message: "Your card's security code is incomplete." };
  return { ok: true, card, last4: digits.slice(-4) };
}

export const fullYear = (year: number) => (year < 100 ? 2000 + year : year);

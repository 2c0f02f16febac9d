/**
 * The card provider behind the wallet's top-ups (money.md, "Payments"): Stripe, or on the
 * embedded default the demo provider inside the portal. Amounts are integer cents, USD.
 * Every call that creates something takes an idempotency key derived from the wallet
 * command's key, so a retried request never charges twice.
 */
export const CARD_PAYMENTS = Symbol('CARD_PAYMENTS');

export type SavedCard = {
  readonly id: string;
  readonly brand: string;
  readonly last4: string;
  readonly expMonth: number;
  readonly expYear: number;
  readonly isDefault: boolean;
};

/** A payment as the provider knows it, re-read before the wallet acts on a webhook. */
export type ProviderPayment = {
  readonly paymentId: string;
  readonly userId: string;
  readonly amountCents: number;
  readonly status: 'succeeded' | 'processing' | 'requires_action' | 'failed' | 'canceled';
  readonly autoRecharge: boolean;
  readonly createdAt: Date;
};

/**
 * One line of the provider's records for a day, for reconciliation. `amountCents` is signed
 * as the line changes the organisation's money at the provider: a payment +, a refund −, a
 * dispute withdrawal −, a dispute reversal +, a fee −.
 */
export type ProviderRecord = {
  readonly kind: 'payment' | 'refund' | 'dispute' | 'fee';
  readonly id: string;
  readonly paymentId: string | null;
  readonly userId: string | null;
  readonly amountCents: number;
  readonly at: Date;
};

/** A card dispute as the provider knows it, re-read before the wallet acts on a dispute webhook. */
export type ProviderDispute = {
  readonly disputeId: string;
  readonly paymentId: string;
  readonly userId: string;
  readonly amountCents: number;
  readonly status: 'open' | 'won' | 'lost';
};

/** A charge's refunds as the provider knows them, re-read before the wallet acts on `charge.refunded` (refunds made outside the portal too). */
export type ProviderRefunds = {
  readonly paymentId: string;
  readonly userId: string;
  readonly refunds: readonly { readonly refundId: string; readonly amountCents: number }[];
};

/** A webhook as received: the raw body and the signature header, verified by the adapter. */
export type WebhookDelivery = { readonly rawBody: Buffer; readonly signature: string };

/** A verified webhook event: the provider's event id (dedupe key), its type and the object it names. */
export type VerifiedWebhook = { readonly eventId: string; readonly type: string; readonly objectId: string; readonly createdAt: Date };

export type TopUpResult =
  | { readonly kind: 'succeeded'; readonly paymentId: string }
  | { readonly kind: 'redirect'; readonly url: string; readonly paymentId: string | null }
  | { readonly kind: 'declined'; readonly message: string };

export type CardPayments = {
  readonly provider: 'stripe' | 'demo';
  readonly publishableKey: string | null;
  /** Top-up with a new card: a hosted checkout page (payment mode) opened in a new tab. */
  checkoutTopUp(input: { userId: string; email: string; amountCents: number; idempotencyKey: string; returnUrl: string }): Promise<TopUpResult>;
  /** Top-up with a saved card, off-session: succeeded at once, a url when the bank asks for authentication, or declined. */
  chargeSavedCard(input: {
    userId: string;
    email: string;
    cardId: string;
    amountCents: number;
    idempotencyKey: string;
    autoRecharge: boolean;
    returnUrl: string;
  }): Promise<TopUpResult>;
  /** Save a card: a hosted setup page; success and cancel come back as ?setup=success / ?setup=cancelled on returnUrl. */
  setupCard(input: { userId: string; email: string; returnUrl: string }): Promise<{ url: string }>;
  listCards(userId: string): Promise<readonly SavedCard[]>;
  setDefaultCard(userId: string, cardId: string): Promise<void>;
  deleteCard(userId: string, cardId: string): Promise<void>;
  /** Verifies the signature on the raw body; throws on a bad signature. */
  verifyWebhook(delivery: WebhookDelivery): Promise<VerifiedWebhook>;
  /** Re-reads a payment (PaymentIntent or Checkout Session id) from the provider. */
  getPayment(paymentId: string): Promise<ProviderPayment | null>;
  /** Re-reads a dispute (the bank taking a payment back); null when the provider has none by this id. */
  getDispute(disputeId: string): Promise<ProviderDispute | null>;
  /** Re-reads the refunds of a charge (the object of `charge.refunded`); null when it is not a wallet payment's. */
  getRefunds(chargeId: string): Promise<ProviderRefunds | null>;
  /**
   * A card was saved (`setup_intent.succeeded`): the agent's first card becomes the default.
   * Answers whose card it was (null when the provider knows no agent for it), so that agent's
   * open pages can reload their cards.
   */
  cardSaved(setupIntentId: string): Promise<{ userId: string } | null>;
  /** Successful payments created since `since`, for the sweep that credits any whose webhook never came. */
  listRecentPayments(since: Date): Promise<readonly ProviderPayment[]>;
  refund(input: { paymentId: string; amountCents: number; idempotencyKey: string }): Promise<{ refundId: string }>;
  /** The provider's records from `from` up to `to` (not included), for reconciliation: a finance day is the organisation's calendar day. */
  recordsBetween(from: Date, to: Date): Promise<readonly ProviderRecord[]>;
};

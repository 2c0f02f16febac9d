import type pg from 'pg';
import type Stripe from 'stripe';

import { DomainError } from '../../../../platform/domain/domain-error.js';
import { ApiError } from '../../../../platform/http/api-error.js';
import type {
  CardPayments,
  ProviderDispute,
  ProviderPayment,
  ProviderRecord,
  ProviderRefunds,
  SavedCard,
  TopUpResult,
  VerifiedWebhook,
  WebhookDelivery,
} from '../../contracts/card-payments.port.js';
import type { StripeConfig } from '../../payments.config.js';

const TOP_UP_NAME = 'Wallet top-up';

/**
 * Card payments through Stripe (money.md, "Payments"), with the official client. Each agent
 * has one Stripe customer. A new card pays on a Checkout Session (payment mode) or is saved on
 * one (setup mode); a saved card is charged with a PaymentIntent confirmed at once. A payment's
 * one id is its PaymentIntent's, whichever object (session, intent, charge) an event names.
 * Every create call carries an idempotency key derived from the wallet command's key.
 */
export class StripeCardPayments implements CardPayments {
  readonly provider = 'stripe' as const;
  readonly publishableKey: string;
  private readonly stripe: Stripe;
  private readonly errors: typeof Stripe.errors;

  /** Stripe's client is loaded here, when a portal that takes real cards starts, not by every start. */
  static async open(config: StripeConfig, pool: pg.Pool): Promise<StripeCardPayments> {
    const { default: StripeClient } = await import('stripe');
    return new StripeCardPayments(config, pool, StripeClient);
  }

  constructor(
    private readonly config: StripeConfig,
    private readonly pool: pg.Pool,
    StripeClient: typeof Stripe,
  ) {
    const api = new URL(config.apiBase);
    this.publishableKey = config.publishableKey;
    this.errors = StripeClient.errors;
    this.stripe = new StripeClient(config.secretKey, {
      host: api.hostname,
      port: api.port || (api.protocol === 'http:' ? 80 : 443),
      protocol: api.protocol === 'http:' ? 'http' : 'https',
      // Safe because every create carries an idempotency key; also covers "key in use" conflicts.
      maxNetworkRetries: 3,
      timeout: 20_000,
      appInfo: { name: 'agent-portal' },
    });
  }

  async checkoutTopUp(input: { userId: string; email: string; amountCents: number; idempotencyKey: string; returnUrl: string }): Promise<TopUpResult> {
    const customer = await this.customerOf(input.userId, input.email);
    const session = await this.call(() =>
      this.stripe.checkout.sessions.create(
        {
          mode: 'payment',
          customer,
          client_reference_id: input.userId,
          line_items: [{ quantity: 1, price_data: { currency: 'usd', unit_amount: input.amountCents, product_data: { name: TOP_UP_NAME } } }],
          payment_intent_data: { metadata: { userId: input.userId, autoRecharge: 'false' } },
          metadata: { userId: input.userId },
          success_url: withQuery(input.returnUrl, 'payment', 'success'),
          cancel_url: withQuery(input.returnUrl, 'payment', 'cancelled'),
        },
        { idempotencyKey: `checkout:${input.idempotencyKey}` },
      ),
    );
    if (!session.url) throw new ApiError(502, 'PAYMENT_PROVIDER_ERROR', 'The card provider gave no checkout page.');
    return { kind: 'redirect', url: session.url, paymentId: idOf(session.payment_intent) };
  }

  async chargeSavedCard(input: {
    userId: string;
    email: string;
    cardId: string;
    amountCents: number;
    idempotencyKey: string;
    autoRecharge: boolean;
    returnUrl: string;
  }): Promise<TopUpResult> {
    const customer = await this.customerOf(input.userId, input.email);
    await this.ownCard(customer, input.cardId);
    let intent: Stripe.PaymentIntent;
    try {
      intent = await this.call(() =>
        this.stripe.paymentIntents.create(
          {
            amount: input.amountCents,
            currency: 'usd',
            customer,
            payment_method: input.cardId,
            confirm: true,
            description: TOP_UP_NAME,
            metadata: { userId: input.userId, autoRecharge: String(input.autoRecharge) },
            // An auto-recharge runs while the agent is away; a top-up the agent asked for can send them to their bank.
            ...(input.autoRecharge
              ? { off_session: true, automatic_payment_methods: { enabled: true, allow_redirects: 'never' as const } }
              : { return_url: withQuery(input.returnUrl, 'payment', 'success') }),
          },
          { idempotencyKey: `charge:${input.idempotencyKey}` },
        ),
      );
    } catch (error) {
      if (!(error instanceof this.errors.StripeCardError)) throw error;
      const failed = error.payment_intent;
      // Off-session, a bank that wants authentication declines with this code: the agent must confirm on-session.
      if (error.code === 'authentication_required' && failed)
        return { kind: 'redirect', url: withQuery(input.returnUrl, 'payment', 'failed'), paymentId: failed.id };
      return { kind: 'declined', message: error.message };
    }
    if (intent.status === 'succeeded') return { kind: 'succeeded', paymentId: intent.id };
    const redirect = intent.next_action?.redirect_to_url?.url;
    if (intent.status === 'requires_action' && redirect) return { kind: 'redirect', url: redirect, paymentId: intent.id };
    if (intent.status === 'processing') return { kind: 'redirect', url: withQuery(input.returnUrl, 'payment', 'processing'), paymentId: intent.id };
    return { kind: 'declined', message: intent.last_payment_error?.message ?? 'Your card was declined.' };
  }

  async setupCard(input: { userId: string; email: string; returnUrl: string }): Promise<{ url: string }> {
    const customer = await this.customerOf(input.userId, input.email);
    const session = await this.call(() =>
      this.stripe.checkout.sessions.create({
        mode: 'setup',
        currency: 'usd',
        customer,
        client_reference_id: input.userId,
        setup_intent_data: { metadata: { userId: input.userId } },
        metadata: { userId: input.userId },
        success_url: withQuery(input.returnUrl, 'setup', 'success'),
        cancel_url: withQuery(input.returnUrl, 'setup', 'cancelled'),
      }),
    );
    if (!session.url) throw new ApiError(502, 'PAYMENT_PROVIDER_ERROR', 'The card provider gave no setup page.');
    return { url: session.url };
  }

  async listCards(userId: string): Promise<readonly SavedCard[]> {
    const customer = await this.existingCustomer(userId);
    if (!customer) return [];
    const [details, methods] = await this.call(() =>
      Promise.all([this.stripe.customers.retrieve(customer), this.stripe.customers.listPaymentMethods(customer, { type: 'card', limit: 100 })]),
    );
    let defaultId = 'deleted' in details && details.deleted ? null : idOf(details.invoice_settings.default_payment_method);
    const newest = methods.data.find((method) => method.card);
    if (!defaultId && newest) {
      // A card saved a moment ago, before its webhook's step made it the default: the list is read right after saving.
      await this.call(() => this.stripe.customers.update(customer, { invoice_settings: { default_payment_method: newest.id } }));
      defaultId = newest.id;
    }
    const cards = methods.data.filter((method) => method.card).map((method) => toSavedCard(method, defaultId));
    return cards.sort((a, b) => Number(b.isDefault) - Number(a.isDefault));
  }

  async setDefaultCard(userId: string, cardId: string): Promise<void> {
    const customer = await this.requireCustomer(userId);
    await this.ownCard(customer, cardId);
    await this.call(() => this.stripe.customers.update(customer, { invoice_settings: { default_payment_method: cardId } }));
  }

  async deleteCard(userId: string, cardId: string): Promise<void> {
    const customer = await this.requireCustomer(userId);
    await this.ownCard(customer, cardId);
    await this.call(() => this.stripe.paymentMethods.detach(cardId));
    await this.keepADefault(customer);
  }

  async cardSaved(setupIntentId: string): Promise<{ userId: string } | null> {
    const setupIntent = await this.call(() => this.stripe.setupIntents.retrieve(setupIntentId));
    const customer = idOf(setupIntent.customer);
    if (setupIntent.status !== 'succeeded' || !customer) return null;
    await this.keepADefault(customer);
    const { rows } = await this.pool.query<{ user_id: string }>(`SELECT user_id FROM stripe_customers WHERE customer_id = $1`, [customer]);
    return rows[0] ? { userId: rows[0].user_id } : null;
  }

  async verifyWebhook(delivery: WebhookDelivery): Promise<VerifiedWebhook> {
    const event = this.stripe.webhooks.constructEvent(delivery.rawBody, delivery.signature, this.config.webhookSecret);
    const object = event.data.object as { id?: unknown };
    if (typeof object.id !== 'string') throw new Error('The event names no object');
    return { eventId: event.id, type: event.type, objectId: object.id, createdAt: new Date(event.created * 1000) };
  }

  async getPayment(paymentId: string): Promise<ProviderPayment | null> {
    let intentId = paymentId;
    if (paymentId.startsWith('cs_')) {
      const session = await this.orNull(() => this.stripe.checkout.sessions.retrieve(paymentId));
      intentId = idOf(session?.payment_intent) ?? '';
      if (!intentId) return null;
    }
    if (!intentId.startsWith('pi_')) return null;
    const intent = await this.orNull(() => this.stripe.paymentIntents.retrieve(intentId));
    return intent ? toProviderPayment(intent) : null;
  }

  async getDispute(disputeId: string): Promise<ProviderDispute | null> {
    const dispute = await this.orNull(() => this.stripe.disputes.retrieve(disputeId));
    const intentId = idOf(dispute?.payment_intent);
    if (!dispute || !intentId) return null;
    const payment = await this.getPayment(intentId);
    if (!payment) return null;
    const status = dispute.status === 'won' ? 'won' : dispute.status === 'lost' ? 'lost' : 'open';
    return { disputeId: dispute.id, paymentId: payment.paymentId, userId: payment.userId, amountCents: dispute.amount, status };
  }

  async getRefunds(chargeId: string): Promise<ProviderRefunds | null> {
    const charge = await this.orNull(() => this.stripe.charges.retrieve(chargeId));
    const payment = await this.getPayment(idOf(charge?.payment_intent) ?? '');
    if (!charge || !payment) return null;
    const refunds = [];
    for await (const refund of this.stripe.refunds.list({ charge: charge.id, limit: 100 })) {
      // A pending refund has left the organisation's balance already; a failed or canceled one gave the money back.
      if (refund.status === 'succeeded' || refund.status === 'pending') refunds.push({ refundId: refund.id, amountCents: refund.amount });
    }
    return { paymentId: payment.paymentId, userId: payment.userId, refunds };
  }

  async listRecentPayments(since: Date): Promise<readonly ProviderPayment[]> {
    const payments: ProviderPayment[] = [];
    await this.call(async () => {
      for await (const intent of this.stripe.paymentIntents.list({ created: { gte: Math.floor(since.getTime() / 1000) }, limit: 100 })) {
        const payment = toProviderPayment(intent);
        if (payment?.status === 'succeeded') payments.push(payment);
      }
    });
    return payments;
  }

  async refund(input: { paymentId: string; amountCents: number; idempotencyKey: string }): Promise<{ refundId: string }> {
    try {
      const refund = await this.call(() =>
        this.stripe.refunds.create(
          { payment_intent: input.paymentId, amount: input.amountCents, metadata: { by: 'portal' } },
          { idempotencyKey: input.idempotencyKey },
        ),
      );
      return { refundId: refund.id };
    } catch (error) {
      if (error instanceof this.errors.StripeIdempotencyError)
        throw new DomainError('IDEMPOTENCY_KEY_REUSED', 'This refund key was already used for a different refund.', 409);
      if (error instanceof this.errors.StripeInvalidRequestError) {
        if (error.code === 'amount_too_large' || error.code === 'charge_already_refunded')
          throw new DomainError('REFUND_TOO_LARGE', 'A refund cannot exceed what is left of the payment.', 422);
        if (error.code === 'resource_missing' || error.code === 'charge_not_refundable')
          throw new DomainError('PAYMENT_NOT_REFUNDABLE', 'Only a succeeded payment can be refunded.', 422);
      }
      throw error;
    }
  }

  async recordsBetween(from: Date, to: Date): Promise<readonly ProviderRecord[]> {
    const [start, end] = [Math.ceil(from.getTime() / 1000), Math.ceil(to.getTime() / 1000)];
    const records: ProviderRecord[] = [];
    await this.call(async () => {
      for await (const line of this.stripe.balanceTransactions.list({ created: { gte: start, lt: end }, limit: 100, expand: ['data.source'] })) {
        records.push(...recordsOf(line));
      }
    });
    return records.sort((a, b) => a.at.getTime() - b.at.getTime() || a.id.localeCompare(b.id));
  }

  // ---- inside ----

  /** The agent's Stripe customer, created on first use; at once from many requests, the idempotency key makes it one. */
  private async customerOf(userId: string, email: string): Promise<string> {
    const existing = await this.existingCustomer(userId);
    if (existing) return existing;
    const customer = await this.call(() => this.stripe.customers.create({ email, metadata: { userId } }, { idempotencyKey: `customer:${userId}` }));
    // Both columns are unique and concurrent first requests get the same customer, so the losing insert may collide on either.
    await this.pool.query(`INSERT INTO stripe_customers (user_id, customer_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`, [userId, customer.id]);
    return (await this.existingCustomer(userId))!;
  }

  private async existingCustomer(userId: string): Promise<string | null> {
    const { rows } = await this.pool.query<{ customer_id: string }>(`SELECT customer_id FROM stripe_customers WHERE user_id = $1`, [userId]);
    return rows[0]?.customer_id ?? null;
  }

  private async requireCustomer(userId: string): Promise<string> {
    const customer = await this.existingCustomer(userId);
    if (!customer) throw cardNotFound();
    return customer;
  }

  /** The card must be the agent's own: another customer's card is "not found", never used. */
  private async ownCard(customer: string, cardId: string): Promise<Stripe.PaymentMethod> {
    if (!/^pm_[A-Za-z0-9_]+$/.test(cardId)) throw cardNotFound();
    const method = await this.orNull(() => this.stripe.paymentMethods.retrieve(cardId));
    if (!method || idOf(method.customer) !== customer) throw cardNotFound();
    return method;
  }

  /** Stripe keeps no default by itself: the newest card becomes it when there is none (the first card saved, or after the default was deleted). */
  private async keepADefault(customer: string): Promise<void> {
    const details = await this.call(() => this.stripe.customers.retrieve(customer));
    if ('deleted' in details && details.deleted) return;
    if (details.invoice_settings.default_payment_method) return;
    const methods = await this.call(() => this.stripe.customers.listPaymentMethods(customer, { type: 'card', limit: 1 }));
    const newest = methods.data[0];
    if (newest) await this.call(() => this.stripe.customers.update(customer, { invoice_settings: { default_payment_method: newest.id } }));
  }

  private async orNull<T>(read: () => Promise<T>): Promise<T | null> {
    try {
      return await this.call(read);
    } catch (error) {
      if (error instanceof this.errors.StripeInvalidRequestError && error.statusCode === 404) return null;
      throw error;
    }
  }

  /** Stripe out of reach, or failing on its side, is a 503 the agent can retry; other errors pass through. */
  private async call<T>(request: () => Promise<T>): Promise<T> {
    try {
      return await request();
    } catch (error) {
      if (
        error instanceof this.errors.StripeConnectionError ||
        error instanceof this.errors.StripeAPIError ||
        error instanceof this.errors.StripeRateLimitError
      ) {
        throw new ApiError(503, 'PAYMENT_PROVIDER_UNAVAILABLE', 'The card provider could not be reached. Please try again in a moment.');
      }
      if (error instanceof this.errors.StripeAuthenticationError || error instanceof this.errors.StripePermissionError) {
        throw new Error(`Stripe refused the portal's key: ${error.message}`);
      }
      throw error;
    }
  }
}

const cardNotFound = () => new DomainError('PAYMENT_METHOD_NOT_FOUND', 'No such payment method.', 404);

const idOf = (value: string | { id: string } | null | undefined): string | null => (typeof value === 'string' ? value : (value?.id ?? null));

function withQuery(url: string, name: string, value: string): string {
  const target = new URL(url);
  target.searchParams.set(name, value);
  return target.toString();
}

function toSavedCard(method: Stripe.PaymentMethod, defaultId: string | null): SavedCard {
  const card = method.card!;
  return { id: method.id, brand: card.brand, last4: card.last4, expMonth: card.exp_month, expYear: card.exp_year, isDefault: method.id === defaultId };
}

/** A PaymentIntent the portal made (it carries the agent's id); any other payment on the account is not the wallet's. */
function toProviderPayment(intent: Stripe.PaymentIntent): ProviderPayment | null {
  const userId = intent.metadata?.userId;
  if (!userId) return null;
  const status: ProviderPayment['status'] =
    intent.status === 'succeeded'
      ? 'succeeded'
      : intent.status === 'canceled'
        ? 'canceled'
        : intent.status === 'requires_action' || intent.status === 'requires_confirmation'
          ? 'requires_action'
          : intent.status === 'requires_payment_method' && intent.last_payment_error
            ? 'failed'
            : 'processing';
  const amountCents = intent.status === 'succeeded' ? intent.amount_received : intent.amount;
  return {
    paymentId: intent.id,
    userId,
    amountCents,
    status,
    autoRecharge: intent.metadata.autoRecharge === 'true',
    createdAt: new Date(intent.created * 1000),
  };
}

/**
 * A balance transaction as reconciliation lines, signed as it changes the organisation's money
 * at Stripe: a charge +, a refund −, a dispute withdrawal −, its reversal +, each with its fee −.
 * Payouts and other movements to the bank are not the wallet's and are left out.
 */
function recordsOf(line: Stripe.BalanceTransaction): ProviderRecord[] {
  const at = new Date(line.created * 1000);
  const source = typeof line.source === 'object' && line.source !== null ? (line.source as unknown as Record<string, unknown>) : null;
  const intentOf = () => (source ? idOf(source.payment_intent as string | { id: string } | null) : null);
  const fee = (): ProviderRecord[] =>
    line.fee ? [{ kind: 'fee', id: `${line.id}:fee`, paymentId: intentOf(), userId: null, amountCents: -line.fee, at }] : [];
  switch (line.type) {
    case 'charge':
    case 'payment': {
      const intentId = intentOf();
      return [{ kind: 'payment', id: intentId ?? String(source?.id ?? line.id), paymentId: intentId, userId: null, amountCents: line.amount, at }, ...fee()];
    }
    case 'refund':
    case 'payment_refund':
      return [{ kind: 'refund', id: String(source?.id ?? line.id), paymentId: intentOf(), userId: null, amountCents: line.amount, at }, ...fee()];
    case 'adjustment':
      if (line.reporting_category === 'dispute' || line.reporting_category === 'dispute_reversal') {
        return [{ kind: 'dispute', id: String(source?.id ?? line.id), paymentId: intentOf(), userId: null, amountCents: line.amount, at }, ...fee()];
      }
      return [];
    case 'stripe_fee':
    case 'tax_fee':
      return [{ kind: 'fee', id: line.id, paymentId: null, userId: null, amountCents: line.amount, at }];
    default:
      return [];
  }
}

import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/**
 * A local stand-in for the part of Stripe's REST API the portal's adapter uses, answering in
 * Stripe's documented shapes (typed with the `stripe` package's own types): form-encoded
 * requests with bracket notation, `Authorization: Bearer`, `Idempotency-Key` (a replay answers
 * the first response; other parameters with the same key are an `idempotency_error`), lists
 * newest first with `starting_after` paging and `created[gte|lt]` filters, `expand[]`, and
 * errors as `{ error: { type, code, message } }` (402 for card errors). What a customer does
 * on Stripe's hosted pages, and what the bank or the dashboard does later, are methods the
 * test calls; each emits the events Stripe would, signed with `generateTestHeaderString` and
 * posted to the webhook endpoint (or held back, to test late, repeated and missing webhooks).
 */

export const STANDIN_KEYS = {
  secretKey: 'sk_test_standin_portal',
  publishableKey: 'pk_test_standin_portal',
  webhookSecret: 'whsec_standin_portal_secret',
} as const;

/** Stripe's test cards, by what they do. */
export const CARDS = {
  visa: '4242424242424242',
  declined: '4000000000000002',
  authenticate: '4000002500003155',
  disputed: '4000000000000259',
} as const;

type Json = Record<string, unknown>;
type Behaviour = 'succeed' | 'decline' | 'authenticate' | 'dispute';
const behaviourOf = (number: string): Behaviour =>
  number === CARDS.declined ? 'decline' : number === CARDS.authenticate ? 'authenticate' : number === CARDS.disputed ? 'dispute' : 'succeed';

export type DeliveryMode = 'immediate' | 'hold';

export type StripeStandIn = {
  readonly apiBase: string;
  readonly keys: typeof STANDIN_KEYS;
  /** Where events are posted; until set (or in `hold` mode) they wait in `pending`. */
  webhookUrl: string | null;
  mode: DeliveryMode;
  readonly events: Stripe.Event[];
  readonly pending: Stripe.Event[];
  /** Every API request, for assertions on idempotency keys. */
  readonly requests: { method: string; path: string; idempotencyKey: string | null }[];
  customers(): Stripe.Customer[];
  /** The customer pays a Checkout Session (payment mode) or saves a card on it (setup mode). */
  completeCheckout(sessionId: string, cardNumber?: string): Promise<void>;
  /** The card holder passes (or fails) the bank's authentication of a PaymentIntent. */
  authenticate(paymentIntentId: string, passes: boolean): Promise<void>;
  /** A refund made in Stripe's dashboard, outside the portal. */
  refundFromDashboard(paymentIntentId: string, amountCents: number): Promise<string>;
  /** The bank decides a dispute. */
  closeDispute(disputeId: string, outcome: 'won' | 'lost'): Promise<void>;
  disputesOf(paymentIntentId: string): Stripe.Dispute[];
  /** Posts held events (in the given order, or all held ones in order); each may be sent more than once. */
  deliver(events?: readonly Stripe.Event[]): Promise<void>;
  /** Sends that the webhook endpoint refused. */
  readonly failures: string[];
  /** Resolves when every event emitted so far has been sent. */
  delivered(): Promise<void>;
  close(): Promise<void>;
};

class StripeError extends Error {
  constructor(
    readonly status: number,
    readonly body: Json,
  ) {
    super(String(body.message));
  }
}

const now = () => Math.floor(Date.now() / 1000);
const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
const notFound = (what: string, id: string) =>
  new StripeError(404, { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${what}: '${id}'`, param: 'id' });

/** Stripe's bracket notation (`a[b][0][c]=x`) back into objects and arrays. */
export function parseForm(text: string): Json {
  const root: Json = {};
  for (const [rawKey, value] of new URLSearchParams(text)) {
    const parts = rawKey.split(/\[|\]\[|\]/).filter((part, index) => part !== '' || index === 0);
    let node: Json | unknown[] = root;
    parts.forEach((part, index) => {
      const last = index === parts.length - 1;
      const key: string | number = Array.isArray(node) ? Number(part) : part;
      const container = node as Record<string | number, unknown>;
      if (last) container[key] = value;
      else container[key] ??= /^\d+$/.test(parts[index + 1]!) ? [] : {};
      node = container[key] as Json;
    });
  }
  return root;
}

export async function startStripeStandIn(): Promise<StripeStandIn> {
  const signer = new Stripe('sk_test_signing_only');
  const customers = new Map<string, Stripe.Customer>();
  const paymentMethods = new Map<string, Stripe.PaymentMethod & { behaviour: Behaviour }>();
  const intents = new Map<string, Stripe.PaymentIntent>();
  const charges = new Map<string, Stripe.Charge>();
  const refunds = new Map<string, Stripe.Refund>();
  const disputes = new Map<string, Stripe.Dispute>();
  const sessions = new Map<string, Stripe.Checkout.Session>();
  const setupIntents = new Map<string, Stripe.SetupIntent>();
  const balance: Stripe.BalanceTransaction[] = [];
  const idempotent = new Map<string, { fingerprint: string; status: number; body: unknown }>();
  const inFlight = new Set<string>();
  let deliveries: Promise<void> = Promise.resolve();

  let apiBase = '';
  const standIn: StripeStandIn = {
    get apiBase() {
      return apiBase;
    },
    keys: STANDIN_KEYS,
    webhookUrl: null,
    mode: 'immediate',
    events: [],
    pending: [],
    requests: [],
    customers: () => [...customers.values()],
    completeCheckout,
    authenticate,
    refundFromDashboard,
    closeDispute,
    disputesOf: (paymentIntentId) => [...disputes.values()].filter((dispute) => dispute.payment_intent === paymentIntentId),
    deliver,
    failures: [],
    delivered: () => deliveries,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };

  // ---- events ----

  async function emit(type: string, object: object): Promise<void> {
    const event = {
      id: newId('evt'),
      object: 'event',
      api_version: '2025-10-29.clover',
      created: now(),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
      data: { object: structuredClone(object) },
    } as unknown as Stripe.Event;
    standIn.events.push(event);
    if (standIn.mode === 'hold' || !standIn.webhookUrl) standIn.pending.push(event);
    // Stripe sends events after it answers, one after another here; a failed send is kept for the test to see.
    else deliveries = deliveries.then(() => post(event)).catch((error: unknown) => void standIn.failures.push(String(error)));
  }

  async function post(event: Stripe.Event): Promise<void> {
    const payload = JSON.stringify(event);
    const response = await fetch(standIn.webhookUrl!, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': signer.webhooks.generateTestHeaderString({ payload, secret: STANDIN_KEYS.webhookSecret }),
      },
      body: payload,
    });
    if (!response.ok) throw new Error(`the webhook endpoint answered ${response.status}: ${await response.text()}`);
  }

  async function deliver(events?: readonly Stripe.Event[]): Promise<void> {
    await deliveries;
    const chosen = events ?? standIn.pending.splice(0);
    for (const event of chosen) await post(event);
  }

  // ---- money movements ----

  function addBalance(type: string, reportingCategory: string, amount: number, fee: number, source: string): void {
    balance.push({
      id: newId('txn'),
      object: 'balance_transaction',
      amount,
      fee,
      net: amount - fee,
      currency: 'usd',
      created: now(),
      available_on: now() + 2 * 86_400,
      type,
      reporting_category: reportingCategory,
      source,
      status: 'pending',
      description: null,
      exchange_rate: null,
      fee_details: fee ? [{ amount: fee, currency: 'usd', description: 'Stripe processing fees', type: 'stripe_fee', application: null }] : [],
    } as unknown as Stripe.BalanceTransaction);
  }

  async function succeed(intent: Stripe.PaymentIntent, paymentMethod: string, behaviour: Behaviour): Promise<void> {
    const charge = {
      id: newId('ch'),
      object: 'charge',
      amount: intent.amount,
      amount_refunded: 0,
      currency: 'usd',
      customer: intent.customer,
      payment_intent: intent.id,
      payment_method: paymentMethod,
      paid: true,
      refunded: false,
      disputed: false,
      status: 'succeeded',
      created: now(),
      metadata: {},
    } as unknown as Stripe.Charge;
    charges.set(charge.id, charge);
    Object.assign(intent, {
      status: 'succeeded',
      amount_received: intent.amount,
      latest_charge: charge.id,
      payment_method: paymentMethod,
      next_action: null,
      last_payment_error: null,
    });
    addBalance('charge', 'charge', intent.amount, Math.round(intent.amount * 0.029) + 30, charge.id);
    await emit('charge.succeeded', charge);
    await emit('payment_intent.succeeded', intent);
    if (behaviour === 'dispute') {
      const dispute = {
        id: newId('du'),
        object: 'dispute',
        amount: intent.amount,
        currency: 'usd',
        charge: charge.id,
        payment_intent: intent.id,
        reason: 'fraudulent',
        status: 'needs_response',
        created: now(),
        metadata: {},
      } as unknown as Stripe.Dispute;
      disputes.set(dispute.id, dispute);
      charge.disputed = true;
      addBalance('adjustment', 'dispute', -intent.amount, 1_500, dispute.id);
      await emit('charge.dispute.created', dispute);
      await emit('charge.dispute.funds_withdrawn', dispute);
    }
  }

  async function fail(intent: Stripe.PaymentIntent, code: string, message: string): Promise<void> {
    Object.assign(intent, { status: 'requires_payment_method', next_action: null, last_payment_error: { type: 'card_error', code, message } });
    await emit('payment_intent.payment_failed', intent);
  }

  async function confirm(intent: Stripe.PaymentIntent, paymentMethodId: string, offSession: boolean, returnUrl: string | undefined): Promise<void> {
    const method = paymentMethods.get(paymentMethodId);
    if (!method) throw notFound('payment_method', paymentMethodId);
    if (method.behaviour === 'decline') {
      await fail(intent, 'card_declined', 'Your card was declined.');
      throw new StripeError(402, {
        type: 'card_error',
        code: 'card_declined',
        decline_code: 'generic_decline',
        message: 'Your card was declined.',
        payment_intent: intent,
      });
    }
    if (method.behaviour === 'authenticate') {
      if (offSession) {
        await fail(intent, 'authentication_required', 'Your card was declined. This transaction requires authentication.');
        throw new StripeError(402, {
          type: 'card_error',
          code: 'authentication_required',
          decline_code: 'authentication_required',
          message: 'Your card was declined. This transaction requires authentication.',
          payment_intent: intent,
        });
      }
      Object.assign(intent, {
        status: 'requires_action',
        payment_method: paymentMethodId,
        next_action: { type: 'redirect_to_url', redirect_to_url: { url: `${apiBase}/authenticate/${intent.id}`, return_url: returnUrl ?? null } },
      });
      await emit('payment_intent.requires_action', intent);
      return;
    }
    await succeed(intent, paymentMethodId, method.behaviour);
  }

  function savePaymentMethod(customer: string, number: string): Stripe.PaymentMethod {
    const method = {
      id: newId('pm'),
      object: 'payment_method',
      type: 'card',
      customer,
      created: now() + paymentMethods.size, // distinct, increasing: lists are newest first
      card: { brand: number.startsWith('5') ? 'mastercard' : 'visa', last4: number.slice(-4), exp_month: 12, exp_year: 2034, funding: 'credit', country: 'US' },
      billing_details: {},
      metadata: {},
      behaviour: behaviourOf(number),
    } as unknown as Stripe.PaymentMethod & { behaviour: Behaviour };
    paymentMethods.set(method.id, method);
    return method;
  }

  const publicMethod = (method: Stripe.PaymentMethod & { behaviour?: Behaviour }) => {
    const { behaviour: _, ...rest } = method;
    return rest;
  };

  // ---- what the customer, the bank and the dashboard do ----

  async function completeCheckout(sessionId: string, cardNumber: string = CARDS.visa): Promise<void> {
    const session = sessions.get(sessionId);
    if (!session || session.status !== 'open') throw new Error(`checkout session ${sessionId} is not open`);
    const method = savePaymentMethod(String(session.customer), cardNumber);
    const behaviour = behaviourOf(cardNumber);
    if (session.mode === 'setup') {
      const setupIntent = setupIntents.get(String(session.setup_intent))!;
      Object.assign(setupIntent, { status: 'succeeded', payment_method: method.id });
      Object.assign(session, { status: 'complete' });
      await emit('payment_method.attached', publicMethod(method));
      await emit('setup_intent.succeeded', setupIntent);
      await emit('checkout.session.completed', session);
      return;
    }
    if (behaviour === 'decline') throw new Error('a declined card stays on the checkout page (nothing is emitted but a failed attempt)');
    const intent: Stripe.PaymentIntent = {
      id: newId('pi'),
      object: 'payment_intent',
      amount: session.amount_total!,
      amount_received: 0,
      currency: 'usd',
      customer: session.customer,
      status: 'processing',
      created: now(),
      metadata: (session as unknown as { payment_intent_data_metadata: Stripe.Metadata }).payment_intent_data_metadata ?? {},
    } as unknown as Stripe.PaymentIntent;
    intents.set(intent.id, intent);
    await emit('payment_intent.created', intent);
    await succeed(intent, method.id, behaviour);
    Object.assign(session, { status: 'complete', payment_status: 'paid', payment_intent: intent.id });
    await emit('checkout.session.completed', session);
  }

  async function authenticate(paymentIntentId: string, passes: boolean): Promise<void> {
    const intent = intents.get(paymentIntentId);
    if (!intent || intent.status !== 'requires_action') throw new Error(`${paymentIntentId} does not wait for authentication`);
    if (passes) await succeed(intent, String(intent.payment_method), 'succeed');
    else await fail(intent, 'payment_intent_authentication_failure', 'We are unable to authenticate your payment method.');
  }

  async function refundFromDashboard(paymentIntentId: string, amountCents: number): Promise<string> {
    return (await createRefund({ payment_intent: paymentIntentId, amount: String(amountCents) })).id;
  }

  async function closeDispute(disputeId: string, outcome: 'won' | 'lost'): Promise<void> {
    const dispute = disputes.get(disputeId);
    if (!dispute) throw new Error(`no dispute ${disputeId}`);
    dispute.status = outcome;
    if (outcome === 'won') {
      addBalance('adjustment', 'dispute_reversal', dispute.amount, 0, dispute.id);
      await emit('charge.dispute.funds_reinstated', dispute);
    }
    await emit('charge.dispute.closed', dispute);
  }

  // ---- the REST API ----

  async function createRefund(params: Json): Promise<Stripe.Refund> {
    const intent = intents.get(String(params.payment_intent));
    if (!intent) throw notFound('payment_intent', String(params.payment_intent));
    if (intent.status !== 'succeeded')
      throw new StripeError(400, {
        type: 'invalid_request_error',
        code: 'charge_not_refundable',
        message: 'This PaymentIntent does not have a successful charge to refund.',
      });
    const charge = charges.get(String(intent.latest_charge))!;
    const amount = params.amount === undefined ? charge.amount - charge.amount_refunded : Number(params.amount);
    if (charge.amount_refunded >= charge.amount)
      throw new StripeError(400, { type: 'invalid_request_error', code: 'charge_already_refunded', message: `Charge ${charge.id} has already been refunded.` });
    if (amount > charge.amount - charge.amount_refunded) {
      throw new StripeError(400, {
        type: 'invalid_request_error',
        code: 'amount_too_large',
        message: `Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${((charge.amount - charge.amount_refunded) / 100).toFixed(2)})`,
        param: 'amount',
      });
    }
    const refund = {
      id: newId('re'),
      object: 'refund',
      amount,
      currency: 'usd',
      charge: charge.id,
      payment_intent: intent.id,
      status: 'succeeded',
      created: now(),
      metadata: (params.metadata as Stripe.Metadata) ?? {},
    } as unknown as Stripe.Refund;
    refunds.set(refund.id, refund);
    charge.amount_refunded += amount;
    charge.refunded = charge.amount_refunded === charge.amount;
    addBalance('refund', 'refund', -amount, 0, refund.id);
    await emit('refund.created', refund);
    await emit('charge.refunded', charge);
    return refund;
  }

  function list<T extends { id: string; created: number }>(items: Iterable<T>, query: Json, url: string, keep: (item: T) => boolean = () => true) {
    const created = (query.created ?? {}) as Record<string, string>;
    let data = [...items]
      .filter(keep)
      .filter((item) => (created.gte === undefined || item.created >= Number(created.gte)) && (created.lt === undefined || item.created < Number(created.lt)))
      .sort((a, b) => b.created - a.created || (a.id < b.id ? 1 : -1));
    if (query.starting_after) data = data.slice(data.findIndex((item) => item.id === query.starting_after) + 1);
    const limit = Math.min(Number(query.limit ?? 10), 100);
    return { object: 'list', url, has_more: data.length > limit, data: data.slice(0, limit) };
  }

  function expand(object: Json, paths: unknown): Json {
    const wanted = Array.isArray(paths) ? (paths as string[]) : [];
    if (wanted.includes('data.source') && Array.isArray(object.data)) {
      object.data = (object.data as Json[]).map((item) => ({ ...item, source: lookup(String(item.source)) ?? item.source }));
    }
    return object;
  }

  function lookup(id: string): unknown {
    return charges.get(id) ?? refunds.get(id) ?? disputes.get(id) ?? null;
  }

  async function route(method: string, path: string, params: Json): Promise<unknown> {
    const rest = path.replace(/^\/v1\//, '');
    const resource = rest.startsWith('checkout/sessions') ? 'checkout/sessions' : rest.split('/')[0]!;
    const [id, action] = rest
      .slice(resource.length + 1)
      .split('/')
      .filter(Boolean);
    const key = `${method} ${resource}${id ? '/:id' : ''}${action ? `/${action}` : ''}`;
    switch (key) {
      case 'POST customers': {
        const customer = {
          id: newId('cus'),
          object: 'customer',
          email: params.email ?? null,
          created: now(),
          metadata: params.metadata ?? {},
          invoice_settings: { default_payment_method: null },
        } as unknown as Stripe.Customer;
        customers.set(customer.id, customer);
        return customer;
      }
      case 'GET customers/:id':
        return customers.get(id!) ?? Promise.reject(notFound('customer', id!));
      case 'POST customers/:id': {
        const customer = customers.get(id!);
        if (!customer) throw notFound('customer', id!);
        const wanted = (params.invoice_settings as Json | undefined)?.default_payment_method;
        if (wanted !== undefined) {
          if (wanted !== '' && paymentMethods.get(String(wanted))?.customer !== customer.id) {
            throw new StripeError(400, {
              type: 'invalid_request_error',
              code: 'resource_missing',
              message: `No such PaymentMethod: '${String(wanted)}'`,
              param: 'invoice_settings[default_payment_method]',
            });
          }
          customer.invoice_settings.default_payment_method = wanted === '' ? null : String(wanted);
        }
        return customer;
      }
      case 'GET customers/:id/payment_methods': {
        if (!customers.has(id!)) throw notFound('customer', id!);
        return list([...paymentMethods.values()].map(publicMethod) as Stripe.PaymentMethod[], params, path, (pm) => pm.customer === id);
      }
      case 'GET payment_methods/:id': {
        const pm = paymentMethods.get(id!);
        return pm ? publicMethod(pm) : Promise.reject(notFound('payment_method', id!));
      }
      case 'POST payment_methods/:id/detach': {
        const pm = paymentMethods.get(id!);
        if (!pm || !pm.customer)
          throw new StripeError(400, {
            type: 'invalid_request_error',
            code: 'payment_method_unexpected_state',
            message: 'The payment method you provided is not attached to a customer so detachment is impossible.',
          });
        const customer = customers.get(String(pm.customer))!;
        if (customer.invoice_settings.default_payment_method === pm.id) customer.invoice_settings.default_payment_method = null;
        pm.customer = null;
        await emit('payment_method.detached', publicMethod(pm));
        return publicMethod(pm);
      }
      case 'POST checkout/sessions': {
        const customer = String(params.customer);
        if (!customers.has(customer)) throw notFound('customer', customer);
        const mode = params.mode as 'payment' | 'setup';
        const session = {
          id: newId(mode === 'setup' ? 'cs_test_setup' : 'cs_test'),
          object: 'checkout.session',
          mode,
          status: 'open',
          payment_status: mode === 'setup' ? 'no_payment_required' : 'unpaid',
          customer,
          client_reference_id: params.client_reference_id ?? null,
          success_url: params.success_url,
          cancel_url: params.cancel_url,
          metadata: params.metadata ?? {},
          payment_intent: null,
          setup_intent: null,
          amount_total: null,
          currency: params.currency ?? 'usd',
          created: now(),
          expires_at: now() + 86_400,
        } as unknown as Stripe.Checkout.Session;
        session.url = `${apiBase}/pay/${session.id}`;
        if (mode === 'payment') {
          const items = params.line_items as Json[];
          const price = items?.[0]?.price_data as Json | undefined;
          if (!price?.unit_amount)
            throw new StripeError(400, {
              type: 'invalid_request_error',
              code: 'parameter_missing',
              message: 'Missing required param: line_items[0][price_data][unit_amount].',
              param: 'line_items',
            });
          session.amount_total = Number(price.unit_amount) * Number(items[0]!.quantity ?? 1);
          (session as unknown as Json).payment_intent_data_metadata = ((params.payment_intent_data as Json | undefined)?.metadata as Json) ?? {};
        } else {
          if (!params.currency)
            throw new StripeError(400, {
              type: 'invalid_request_error',
              code: 'parameter_missing',
              message: 'Missing required param: currency.',
              param: 'currency',
            });
          const setupIntent = {
            id: newId('seti'),
            object: 'setup_intent',
            status: 'requires_payment_method',
            customer,
            usage: 'off_session',
            payment_method: null,
            created: now(),
            metadata: (params.setup_intent_data as Json | undefined)?.metadata ?? {},
          } as unknown as Stripe.SetupIntent;
          setupIntents.set(setupIntent.id, setupIntent);
          session.setup_intent = setupIntent.id;
        }
        sessions.set(session.id, session);
        return session;
      }
      case 'GET checkout/sessions/:id': {
        const session = sessions.get(id!);
        if (!session) throw notFound('checkout.session', id!);
        const { payment_intent_data_metadata: _, ...rest } = session as unknown as Json;
        return rest;
      }
      case 'GET setup_intents/:id':
        return setupIntents.get(id!) ?? Promise.reject(notFound('setup_intent', id!));
      case 'POST payment_intents': {
        const customer = String(params.customer);
        if (!customers.has(customer)) throw notFound('customer', customer);
        const pm = paymentMethods.get(String(params.payment_method));
        if (!pm || pm.customer !== customer)
          throw new StripeError(400, {
            type: 'invalid_request_error',
            code: 'resource_missing',
            message: `No such PaymentMethod: '${String(params.payment_method)}'`,
            param: 'payment_method',
          });
        const amount = Number(params.amount);
        if (!Number.isInteger(amount) || amount < 50)
          throw new StripeError(400, {
            type: 'invalid_request_error',
            code: 'amount_too_small',
            message: 'Amount must be at least $0.50 usd',
            param: 'amount',
          });
        const intent = {
          id: newId('pi'),
          object: 'payment_intent',
          amount,
          amount_received: 0,
          currency: params.currency,
          customer,
          payment_method: pm.id,
          status: 'requires_confirmation',
          created: now(),
          metadata: params.metadata ?? {},
          next_action: null,
          last_payment_error: null,
        } as unknown as Stripe.PaymentIntent;
        intents.set(intent.id, intent);
        await emit('payment_intent.created', intent);
        if (params.confirm === 'true') await confirm(intent, pm.id, params.off_session === 'true', params.return_url as string | undefined);
        return intent;
      }
      case 'GET payment_intents/:id':
        return intents.get(id!) ?? Promise.reject(notFound('payment_intent', id!));
      case 'GET payment_intents':
        return list(intents.values(), params, path);
      case 'POST refunds':
        return createRefund(params);
      case 'GET refunds':
        return list(
          refunds.values(),
          params,
          path,
          (refund) =>
            (params.charge === undefined || refund.charge === params.charge) &&
            (params.payment_intent === undefined || refund.payment_intent === params.payment_intent),
        );
      case 'GET charges/:id':
        return charges.get(id!) ?? Promise.reject(notFound('charge', id!));
      case 'GET disputes/:id':
        return disputes.get(id!) ?? Promise.reject(notFound('dispute', id!));
      case 'GET balance_transactions':
        return expand(list(balance, params, path), params.expand);
      default:
        throw new StripeError(404, { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path}).` });
    }
  }

  /**
   * Stripe's hosted pages, as plain as a test needs them: Checkout (pay, or save a card) and the
   * bank's authentication step. A form posts back; the answer redirects where Stripe would.
   */
  async function hostedPage(method: string, pathname: string, form: Json, response: http.ServerResponse): Promise<void> {
    const [, page, id] = pathname.split('/');
    const html = (title: string, inner: string) => {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(`<!doctype html><html lang="en"><head><title>${title}</title></head><body><main><h1>${title}</h1>${inner}</main></body></html>`);
    };
    const redirect = (to: string) => {
      response.writeHead(303, { location: to });
      response.end();
    };
    const session = page === 'pay' ? sessions.get(id ?? '') : undefined;
    const intent = page === 'authenticate' ? intents.get(id ?? '') : undefined;
    if (session && method === 'GET') {
      const what = session.mode === 'setup' ? 'Save a card' : `Pay $${(session.amount_total! / 100).toFixed(2)}`;
      html(
        `Stripe stand-in: ${what}`,
        `<form method="post"><label>Card number <input name="card" value="${CARDS.visa}"></label><button type="submit">${what}</button></form><a href="${session.cancel_url}">Back</a>`,
      );
    } else if (session && method === 'POST') {
      await completeCheckout(session.id, String(form.card ?? CARDS.visa));
      redirect(String(session.success_url));
    } else if (intent && method === 'GET') {
      html(
        'Stripe stand-in: your bank asks you to confirm',
        `<form method="post"><button name="passes" value="true">Complete authentication</button><button name="passes" value="false">Fail authentication</button></form>`,
      );
    } else if (intent && method === 'POST') {
      const back = intent.next_action?.redirect_to_url?.return_url ?? '/';
      await authenticate(intent.id, form.passes === 'true');
      redirect(back);
    } else {
      response.writeHead(404, { 'content-type': 'text/plain' });
      response.end('No such page');
    }
  }

  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      void (async () => {
        const url = new URL(request.url ?? '/', 'http://standin');
        const idempotencyKey = (request.headers['idempotency-key'] as string | undefined) ?? null;
        standIn.requests.push({ method: request.method!, path: url.pathname, idempotencyKey });
        const answer = (status: number, payload: unknown, headers: Record<string, string> = {}) => {
          response.writeHead(status, { 'content-type': 'application/json', 'request-id': newId('req'), ...headers });
          response.end(JSON.stringify(payload));
        };
        if (!url.pathname.startsWith('/v1/')) {
          await hostedPage(request.method!, url.pathname, parseForm(body), response);
          return;
        }
        if (request.headers.authorization !== `Bearer ${STANDIN_KEYS.secretKey}`) {
          answer(401, {
            error: { type: 'invalid_request_error', message: 'Invalid API Key provided: ' + String(request.headers.authorization ?? '').slice(7, 15) + '****' },
          });
          return;
        }
        const params = request.method === 'GET' ? parseForm(url.search.slice(1)) : parseForm(body);
        const fingerprint = createHash('sha256').update(`${request.method} ${url.pathname} ${body}`).digest('hex');
        if (idempotencyKey && request.method === 'POST') {
          const earlier = idempotent.get(idempotencyKey);
          if (earlier && earlier.fingerprint !== fingerprint) {
            answer(400, {
              error: {
                type: 'idempotency_error',
                message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
              },
            });
            return;
          }
          if (earlier) {
            answer(earlier.status, earlier.body, { 'idempotent-replayed': 'true' });
            return;
          }
          if (inFlight.has(idempotencyKey)) {
            answer(409, {
              error: {
                type: 'idempotency_error',
                code: 'idempotency_key_in_use',
                message:
                  'There is currently another in-progress request using this Idempotent Key (that probably means you submitted twice, and the other request is still going through).',
              },
            });
            return;
          }
          inFlight.add(idempotencyKey);
        }
        let status = 200;
        let payload: unknown;
        try {
          payload = await route(request.method!, url.pathname, params);
        } catch (error) {
          if (!(error instanceof StripeError)) throw error;
          status = error.status;
          payload = { error: error.body };
        }
        if (idempotencyKey && request.method === 'POST') {
          idempotent.set(idempotencyKey, { fingerprint, status, body: payload });
          inFlight.delete(idempotencyKey);
        }
        answer(status, payload);
      })().catch((error: unknown) => {
        response.writeHead(500, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ error: { type: 'api_error', message: String(error) } }));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  apiBase = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return standIn;
}

import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Queue } from 'bullmq';
import { addHours } from 'date-fns/addHours';
import { Redis } from 'ioredis';
import Stripe from 'stripe';

import { migrateDatabase } from '../../modules.js';
import { agentAccessStream } from '../../modules/access/contracts/access-streams.js';
import { DEMO_WEBHOOK_SECRET } from '../../modules/payments/payments.secrets.js';
import { hashPassword } from '../../platform/auth/password-hasher.js';
import { newEvent, systemContext } from '../../platform/event-store/new-event.js';
import { PostgresEventStore } from '../../platform/event-store/postgres-event-store.js';
import { EMBEDDED_TEMPLATE_DIR } from '../../platform/persistence/database.js';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../../platform/persistence/embedded-postgres.js';
import { createPool } from '../../platform/persistence/sql.js';
import { createScratchDatabase } from '../../platform/persistence/test-database.js';
import { encryptionKey, parseKey } from '../../platform/secrets/key-material.js';
import { keyring } from '../../platform/secrets/keyring.js';
import { SecretCipher } from '../../platform/secrets/secret-cipher.js';
import { secretContext } from '../../platform/secrets/secret-columns.js';
import { describeBreak, verifyLedger } from '../verify-ledger.js';
import { SimClient } from './http-client.js';
import { InvariantChecker, type Violation } from './invariants.js';
import { Prng } from './prng.js';
import { freePort, PortalProcess } from './processes.js';

export type SimulationOptions = {
  readonly seed: number;
  readonly steps: number;
  /** PostgreSQL to make a scratch database next to; without it, an embedded PGlite database. */
  readonly databaseUrl?: string;
  /** With databaseUrl: BullMQ on Redis and separate worker processes (the scaled deployment). */
  readonly redisUrl?: string;
  /** Kill processes at random points (on by default). */
  readonly kills?: boolean;
  /** How long the portal may take to finish its work after a step. */
  readonly settleTimeoutMs?: number;
  readonly log?: (line: string) => void;
};

export type SimulationResult = {
  readonly seed: number;
  readonly stepsRun: number;
  readonly violation: (Violation & { readonly step: number; readonly operation: string }) | null;
  readonly summary: Readonly<Record<string, number | string>>;
};

type Agent = { readonly client: SimClient; readonly userId: string; readonly email: string; readonly cards: string[]; readonly payments: string[] };
type Campaign = { readonly campaignId: string; readonly owner: Agent; ended: boolean };

const OPERATIONS = {
  'top-up': 10,
  'save-card': 3,
  'saved-card-charge': 8,
  'webhook-replay': 8,
  'create-campaign': 6,
  'change-budget': 5,
  'pause-resume': 4,
  'end-campaign': 2,
  'lead-burst': 12,
  'aged-intake': 3,
  'aged-order': 4,
  'return-lead': 4,
  'review-return': 4,
  transfer: 6,
  refund: 4,
  'close-dispute': 2,
  'test-credit': 4,
  'auto-recharge': 3,
  'key-reuse': 3,
  kill: 6,
} as const;
type Operation = keyof typeof OPERATIONS;

const STATES = [
  ['FL', '407', '32801'],
  ['GA', '404', '30301'],
  ['TX', '512', '73301'],
  ['OH', '614', '43004'],
  ['AZ', '602', '85001'],
] as const;
const CARDS = { pays: '4242424242424242', declined: '4000000000000002', disputed: '4000000000000259' } as const;
const SWEEP_JOB = 'sweep-card-payments';
const signer = new Stripe('sk_simulation_signing_only');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The seeded simulation: the built portal (an API process and, in the
 * scaled deployment, worker processes) on a database of its own, driven over HTTP by a
 * deterministic mix of money operations chosen from the seed, with processes SIGKILLed at
 * random points and restarted. After every step it waits for the portal to settle and checks
 * the invariants of money.md; the first violation ends the run.
 */
export async function runSimulation(options: SimulationOptions): Promise<SimulationResult> {
  const log = options.log ?? (() => undefined);
  const prng = new Prng(options.seed);
  const scaled = Boolean(options.databaseUrl && options.redisUrl);
  const settleTimeoutMs = options.settleTimeoutMs ?? 90_000;
  const tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-sim-'));
  const cleanups: Array<() => Promise<unknown>> = [async () => fs.rm(tmp, { recursive: true, force: true })];
  const counts: Record<string, number> = {};
  const tally = (key: string) => (counts[key] = (counts[key] ?? 0) + 1);
  let stepsRun = 0;
  let current = 'setup';
  /** A rule an operation saw broken in an answer (the invariants' checker reads the stores, not the answers). */
  let operationViolation: Violation | null = null;
  let stepNow = 0;
  const serverErrors: string[] = [];
  try {
    // ---- the database, held by the simulation so it outlives every process it kills ----
    let url: string;
    if (options.databaseUrl) {
      const scratch = await createScratchDatabase(options.databaseUrl, 'portal_sim');
      cleanups.unshift(() => scratch.drop());
      url = scratch.url;
    } else {
      const embedded: EmbeddedPostgres = await startEmbeddedPostgres(path.join(tmp, 'pgdata'), { templateDir: EMBEDDED_TEMPLATE_DIR, maxConnections: 150 });
      cleanups.unshift(() => embedded.close());
      url = embedded.url;
    }
    await migrateDatabase(url);
    const pool = createPool(url, 4);
    cleanups.unshift(() => pool.end());
    const store = new PostgresEventStore(pool);
    const checker = new InvariantChecker(pool, store);

    // ---- the processes ----
    const port = await freePort();
    const apiUrl = `http://127.0.0.1:${port}`;
    const redisPrefix = `sim-${options.seed}-${Date.now().toString(36)}-${process.pid}`;
    // The portal keeps credentials encrypted (the demo provider's webhook secret among them): one key for the run, every process and restart.
    const encryptionKeyText = process.env.ENCRYPTION_KEY || randomBytes(32).toString('base64');
    const cipher = new SecretCipher(keyring(encryptionKey(parseKey(encryptionKeyText)!)));
    const common: Record<string, string> = {
      ENCRYPTION_KEY: encryptionKeyText,
      ENCRYPTION_KEYS_OLD: '',
      DATABASE_URL: url,
      REDIS_URL: scaled ? options.redisUrl! : '',
      REDIS_PREFIX: redisPrefix,
      PUBLIC_URL: apiUrl,
      HOST: '127.0.0.1',
      LOG_LEVEL: 'error',
      TRUST_PROXY: 'loopback',
      PAYMENT_SWEEP_SECONDS: '2',
      LEAD_INTAKE_REQUESTS_PER_MINUTE: '100000',
      DATABASE_POOL_SIZE: scaled ? '10' : '20',
      STRIPE_SECRET_KEY: '',
      EVENTSTORE_URL: '',
      SMTP_URL: '',
    };
    const processes = scaled
      ? [
          new PortalProcess('api', 'main', { ...common, PORT: String(port), RUN_WORKERS: 'false' }),
          new PortalProcess('worker-1', 'worker', { ...common, PORT: '0' }),
          new PortalProcess('worker-2', 'worker', { ...common, PORT: '0' }),
        ]
      : [new PortalProcess('portal', 'main', { ...common, PORT: String(port) })];
    cleanups.unshift(async () => Promise.all(processes.map((p) => p.stop())));
    if (scaled) {
      cleanups.push(async () => {
        const redis = new Redis(options.redisUrl!, { maxRetriesPerRequest: 1 });
        try {
          const keys = await redis.keys(`${redisPrefix}*`);
          for (let i = 0; i < keys.length; i += 500) await redis.del(...keys.slice(i, i + 500));
        } finally {
          redis.disconnect();
        }
      });
    }
    await Promise.all(processes.map((p) => p.start()));
    const queue = scaled ? new Queue('jobs', { connection: { url: options.redisUrl!, maxRetriesPerRequest: null }, prefix: redisPrefix }) : null;
    if (queue) cleanups.unshift(() => queue.close());
    log(
      `seed ${options.seed}: ${scaled ? 'scaled deployment (PostgreSQL, Redis, an API and 2 workers)' : `${options.databaseUrl ? 'PostgreSQL' : 'embedded PGlite'}, one portal process running its jobs`} at ${apiUrl}`,
    );

    // ---- people: an admin, a SAT leader and the leader's agents ----
    let clients = 0;
    const person = async (role: 'admin' | 'agent', leaderEmail: string | null, label: string): Promise<Agent> => {
      const userId = prng.uuid();
      const email = `${label}-${userId.slice(0, 8)}@simulation.test`;
      const password = `Sim-${userId.slice(0, 8)}-Pass`;
      await pool.query('INSERT INTO users (id, email, password_hash, email_confirmed_at) VALUES ($1, $2, $3, now())', [
        userId,
        email,
        await hashPassword(password),
      ]);
      await pool.query('INSERT INTO profiles (user_id, email, display_name, sat_manager_email) VALUES ($1, $2, $3, $4)', [
        userId,
        email,
        `Simulated ${label}`,
        leaderEmail ?? email,
      ]);
      if (role === 'admin') await pool.query('INSERT INTO user_roles (user_id, role) VALUES ($1, $2)', [userId, 'admin']);
      await store.append(
        agentAccessStream(userId),
        [newEvent('ElevatedAccessGranted', { userId, codeId: prng.uuid(), expiresAt: addHours(new Date(), 24).toISOString() }, systemContext('simulation'))],
        { expectedVersion: 'any' },
      );
      const client = new SimClient(
        () => apiUrl,
        clients++,
        (line) => {
          serverErrors.push(`step ${stepNow}: ${line}`);
          log(`  5xx: ${line}`);
        },
      );
      await client.signIn(email, password);
      return { client, userId, email, cards: [], payments: [] };
    };
    const admin = await person('admin', null, 'admin');
    const leader = await person('agent', null, 'leader');
    const agents = [leader];
    for (let i = 1; i <= 4; i++) agents.push(await person('agent', leader.email, `agent${i}`));
    const vendor = await admin.client.request('POST', '/api/admin/lead-vendors', { name: 'Simulated Vendor', sendsAgedLeads: true });
    if (vendor.status !== 201 && vendor.status !== 200) throw new Error(`creating the lead vendor: ${vendor.status}`);
    const apiKey = (vendor.json as { apiKey: string }).apiKey;

    const campaigns: Campaign[] = [];
    const phones: string[] = [];
    const pendingReturns: string[] = [];
    let leadCounter = prng.int(0, 10_000);
    const key = () => prng.uuid();
    const money = (k: string) => ({ 'idempotency-key': k });

    // ---- webhooks as the provider would send them: signed with the demo provider's secret ----
    const webhookSecret = async () =>
      cipher.decrypt(
        (await pool.query<{ webhook_secret: string }>('SELECT webhook_secret FROM demo_pay_settings WHERE id = 1')).rows[0]!.webhook_secret,
        secretContext(DEMO_WEBHOOK_SECRET, [1]),
      );
    const sendWebhook = async (event: Record<string, unknown>) => {
      const payload = JSON.stringify(event);
      const signature = signer.webhooks.generateTestHeaderString({ payload, secret: await webhookSecret() });
      const deadline = Date.now() + 60_000;
      for (;;) {
        try {
          const response = await fetch(`${apiUrl}/api/payments/webhook`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'stripe-signature': signature },
            body: payload,
          });
          tally(`webhook ${response.status}`);
          return;
        } catch (error) {
          if (Date.now() > deadline) throw error;
          await sleep(250);
        }
      }
    };

    const lead = (state: (typeof STATES)[number], tier: string, source: 'data_leads' | 'aged_leads', duplicate: boolean) => {
      const phone =
        duplicate && phones.length > 0
          ? prng.pick(phones)
          : `+1${state[1]}${200 + (Math.floor(leadCounter / 10_000) % 700)}${String(leadCounter++ % 10_000).padStart(4, '0')}`;
      if (!duplicate) phones.push(phone);
      return {
        firstName: 'Sim',
        lastName: `Lead${leadCounter}`,
        phone,
        email: null,
        state: state[0],
        zip: state[2],
        dateOfBirth: '1958-12-09',
        tier,
        ...(source === 'aged_leads' ? { source } : {}),
        consent: { text: 'I agree to be contacted by licensed agents about health coverage.', at: new Date().toISOString() },
      };
    };
    const postLeads = (leads: unknown[]) =>
      fetchRetrying(`${apiUrl}/api/intake/leads`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${apiKey}` },
        body: JSON.stringify({ leads }),
      }).then((status) => tally(`intake ${status}`));

    const payHostedPage = async (agent: Agent, amountCents: number, card: string, doubleClick: boolean) => {
      const answer = await agent.client.request('POST', '/api/payments/top-up', { amountCents, paymentMethodId: 'new' }, money(key()));
      if (answer.status !== 200) return tally(`top-up ${answer.status}`);
      const { url, paymentId } = answer.json as { url: string; paymentId: string };
      agent.payments.push(paymentId);
      const sessionId = url.split('/').at(-1)!;
      const pay = () => agent.client.request('POST', `/api/demo-pay/sessions/${sessionId}/card`, { number: card, expMonth: 12, expYear: 2034, cvc: '123' });
      const answers = await Promise.all(doubleClick ? [pay(), pay()] : [pay()]);
      for (const a of answers) tally(`hosted page ${(a.json as { status?: string } | null)?.status ?? a.status}`);
    };

    const operations: Record<Operation, () => Promise<unknown>> = {
      'top-up': async () => {
        const card = prng.weighted({ pays: 85, declined: 8, disputed: 7 });
        await payHostedPage(prng.pick(agents), prng.int(20, 500) * 100, CARDS[card], prng.chance(0.15));
      },
      'save-card': async () => {
        const agent = prng.pick(agents);
        const setup = await agent.client.request('POST', '/api/payments/setup');
        if (setup.status !== 200) return tally(`setup ${setup.status}`);
        const sessionId = (setup.json as { url: string }).url.split('/').at(-1)!;
        const saved = await agent.client.request('POST', `/api/demo-pay/sessions/${sessionId}/card`, {
          number: prng.chance(0.85) ? CARDS.pays : CARDS.disputed,
          expMonth: 12,
          expYear: 2034,
          cvc: '123',
        });
        tally(`card saved ${saved.status}`);
        const methods = await agent.client.request('GET', '/api/payments/methods');
        agent.cards.splice(0, agent.cards.length, ...((methods.json as { methods: { id: string }[] }).methods ?? []).map((m) => m.id));
      },
      'saved-card-charge': async () => {
        const agent = prng.pick(agents);
        const amountCents = prng.int(5, 150) * 100;
        const idempotencyKey = key();
        const twice = prng.chance(0.2);
        if (agent.cards.length === 0) return payHostedPage(agent, amountCents, CARDS.pays, false);
        const card = prng.pick(agent.cards);
        const charge = () => agent.client.request('POST', '/api/payments/top-up', { amountCents, paymentMethodId: card }, money(idempotencyKey));
        for (const answer of await Promise.all(twice ? [charge(), charge()] : [charge()])) {
          tally(`saved-card charge ${answer.status}`);
          const paymentId = (answer.json as { paymentId?: string } | null)?.paymentId;
          if (paymentId && !agent.payments.includes(paymentId)) agent.payments.push(paymentId);
        }
      },
      'webhook-replay': async () => {
        // Webhooks again, out of order and late: the same event ids as delivered, new ids for the same payment, and a stale failure.
        const agent = prng.pick(agents);
        if (agent.payments.length === 0) return tally('webhook-replay skipped');
        const paymentId = prng.pick(agent.payments);
        const { rows } = await pool.query<{
          id: string;
          user_id: string;
          amount_cents: number;
          status: string;
          card_id: string | null;
          auto_recharge: boolean;
          created_at: Date;
        }>('SELECT * FROM demo_pay_payments WHERE id = $1', [paymentId]);
        const payment = rows[0];
        if (!payment) return tally('webhook-replay skipped');
        const { rows: delivered } = await pool.query<{ event_id: string; type: string }>(
          'SELECT event_id, type FROM payment_webhook_events WHERE object_id = $1 ORDER BY event_id',
          [paymentId],
        );
        const object = (status: string) => ({
          id: payment.id,
          object: 'payment_intent',
          amount: payment.amount_cents,
          amount_received: status === 'succeeded' ? payment.amount_cents : 0,
          currency: 'usd',
          status,
          payment_method: payment.card_id,
          created: Math.floor(payment.created_at.getTime() / 1000),
          metadata: { userId: payment.user_id, autoRecharge: String(payment.auto_recharge) },
        });
        const event = (id: string, type: string, status: string) => ({
          id,
          object: 'event',
          api_version: '2025-10-29',
          created: Math.floor(Date.now() / 1000) - prng.int(0, 600),
          livemode: false,
          type,
          data: { object: object(status) },
        });
        const events = [
          ...delivered.map((d) =>
            event(
              d.event_id,
              d.type === 'payment_intent.payment_failed' ? d.type : 'payment_intent.succeeded',
              d.type === 'payment_intent.payment_failed' ? 'requires_payment_method' : 'succeeded',
            ),
          ),
          event(`evt_sim_${prng.uuid().replace(/-/g, '')}`, 'payment_intent.succeeded', 'succeeded'),
          event(`evt_sim_${prng.uuid().replace(/-/g, '')}`, 'payment_intent.payment_failed', 'requires_payment_method'),
        ];
        const copies = prng.shuffle([...events, ...events.filter(() => prng.chance(0.5))]);
        await Promise.all(copies.map(async (e) => (await sleep(prng.int(0, 300)), sendWebhook(e))));
      },
      'create-campaign': async () => {
        const agent = prng.pick(agents);
        const states = prng.shuffle(STATES.map((s) => s[0])).slice(0, prng.int(0, 3));
        const answer = await agent.client.request(
          'POST',
          '/api/campaigns',
          {
            name: `Sim ${campaigns.length + 1}`,
            source: 'data_leads',
            tier: prng.pick(['basic', 'premium', 'exclusive']),
            budgetCents: prng.int(5, 80) * 100,
            targeting: { states },
          },
          money(key()),
        );
        tally(`create campaign ${answer.status}`);
        const campaignId = (answer.json as { campaignId?: string } | null)?.campaignId;
        if (campaignId) campaigns.push({ campaignId, owner: agent, ended: false });
      },
      'change-budget': async () => {
        const campaign = campaigns.length > 0 ? prng.pick(campaigns) : null;
        if (!campaign) return tally('change-budget skipped');
        const changeCents = (prng.chance(0.6) ? 1 : -1) * prng.int(1, 30) * 100;
        const answer = await campaign.owner.client.request('POST', `/api/campaigns/${campaign.campaignId}/budget`, { changeCents }, money(key()));
        tally(`budget ${changeCents > 0 ? 'raise' : 'lower'} ${answer.status}`);
      },
      'pause-resume': async () => {
        const campaign = campaigns.length > 0 ? prng.pick(campaigns) : null;
        if (!campaign) return tally('pause-resume skipped');
        const answer = await campaign.owner.client.request('POST', `/api/campaigns/${campaign.campaignId}/active`, { active: prng.chance(0.5) });
        tally(`pause/resume ${answer.status}`);
      },
      'end-campaign': async () => {
        const open = campaigns.filter((c) => !c.ended);
        const campaign = open.length > 0 ? prng.pick(open) : null;
        if (!campaign) return tally('end skipped');
        campaign.ended = true;
        tally(`end campaign ${(await campaign.owner.client.request('POST', `/api/campaigns/${campaign.campaignId}/end`)).status}`);
      },
      'lead-burst': async () => {
        const batches = Array.from({ length: prng.int(1, 4) }, () =>
          Array.from({ length: prng.int(1, 8) }, () => lead(prng.pick(STATES), prng.pick(['basic', 'premium', 'exclusive']), 'data_leads', prng.chance(0.1))),
        );
        await Promise.all(batches.map(postLeads));
      },
      'aged-intake': async () => {
        const state = prng.pick(STATES);
        const tier = prng.pick(['basic', 'business']);
        await postLeads(Array.from({ length: prng.int(10, 40) }, () => lead(state, tier, 'aged_leads', false)));
      },
      'aged-order': async () => {
        const agent = prng.pick(agents);
        const answer = await agent.client.request(
          'POST',
          '/api/aged-orders',
          { tier: prng.pick(['basic', 'business']), quantity: 100, acceptPartial: true },
          money(key()),
        );
        tally(`aged order ${answer.status}`);
      },
      'return-lead': async () => {
        const agent = prng.pick(agents);
        const mine = await agent.client.request('GET', '/api/leads');
        const leads = ((mine.json as { leads?: { leadId: string; source: string }[] } | null)?.leads ?? []).filter((l) => l.source === 'data_leads');
        if (leads.length === 0) return tally('return skipped');
        const answer = await agent.client.request(
          'POST',
          `/api/leads/${prng.pick(leads).leadId}/returns`,
          { reason: 'bad_phone', comment: 'Simulated' },
          money(key()),
        );
        tally(`return ${answer.status}`);
        const returnId = (answer.json as { returnId?: string } | null)?.returnId;
        if (returnId) pendingReturns.push(returnId);
      },
      'review-return': async () => {
        if (pendingReturns.length === 0) return tally('review skipped');
        const returnId = pendingReturns.splice(prng.int(0, pendingReturns.length - 1), 1)[0]!;
        if (prng.chance(0.7)) {
          const answers = await Promise.all(
            (prng.chance(0.3) ? [1, 2] : [1]).map(() => admin.client.request('POST', `/api/admin/lead-returns/${returnId}/approve`)),
          );
          for (const a of answers) tally(`approve ${a.status}`);
        } else tally(`deny ${(await admin.client.request('POST', `/api/admin/lead-returns/${returnId}/deny`, { reason: 'Simulated denial' })).status}`);
      },
      transfer: async () => {
        const sender = prng.pick(agents);
        const recipient = sender === leader ? prng.pick(agents.slice(1)) : leader;
        const body = { amountCents: prng.int(1, 50) * 100, recipientEmail: recipient.email, description: 'Simulated transfer' };
        const k = key();
        const answers = await Promise.all((prng.chance(0.2) ? [1, 2] : [1]).map(() => sender.client.request('POST', '/api/wallet/transfers', body, money(k))));
        for (const a of answers) tally(`transfer ${a.status}`);
      },
      refund: async () => {
        const agent = prng.pick(agents);
        const { rows } = await pool.query<{ id: string; amount_cents: number }>(
          `SELECT id, amount_cents FROM demo_pay_payments WHERE user_id = $1 AND status = 'succeeded' ORDER BY created_at, id`,
          [agent.userId],
        );
        if (rows.length === 0) return tally('refund skipped');
        const payment = prng.pick(rows);
        const amountCents = prng.chance(0.5) ? payment.amount_cents : Math.max(1, Math.floor(payment.amount_cents * prng.next()));
        const k = key();
        const body = { paymentId: payment.id, amountCents, confirmDebt: prng.chance(0.5) };
        const answers = await Promise.all(
          (prng.chance(0.2) ? [1, 2] : [1]).map(() => admin.client.request('POST', `/api/admin/wallets/${agent.userId}/refunds`, body, money(k))),
        );
        for (const a of answers) tally(`refund ${a.status}`);
      },
      'close-dispute': async () => {
        const { rows } = await pool.query<{ id: string }>(`SELECT id FROM demo_pay_disputes WHERE status NOT IN ('won', 'lost') ORDER BY created_at, id`);
        if (rows.length === 0) return tally('close-dispute skipped');
        const answer = await admin.client.request('POST', `/api/admin/demo-pay/disputes/${prng.pick(rows).id}/close`, { outcome: prng.pick(['won', 'lost']) });
        tally(`close dispute ${answer.status}`);
      },
      'test-credit': async () => {
        const agent = prng.pick(agents);
        tally(
          `test credit ${(await admin.client.request('POST', `/api/admin/wallets/${agent.userId}/test-credit`, { amountCents: prng.int(50, 300) * 100 }, money(key()))).status}`,
        );
      },
      'auto-recharge': async () => {
        // Auto-recharge on a saved card (or off again): the spending steps that follow set it off, and every invariant holds through its charges.
        if (!agents.some((a) => a.cards.length > 0)) await operations['save-card']();
        const withCards = agents.filter((a) => a.cards.length > 0);
        if (withCards.length === 0) return tally('auto-recharge skipped');
        const agent = prng.pick(withCards);
        const settings = {
          enabled: prng.chance(0.8),
          thresholdCents: prng.int(100, 1_000) * 100,
          amountCents: prng.int(20, 100) * 100,
          cardId: prng.pick(agent.cards),
          dailyCapCents: prng.int(100, 500) * 100,
        };
        tally(`auto-recharge ${settings.enabled ? 'on' : 'off'} ${(await agent.client.request('PUT', '/api/wallet/auto-recharge', settings)).status}`);
      },
      'key-reuse': async () => {
        // The same Idempotency-Key with another payload (money.md): refused with 409 and nothing moves; the same payload answers as the first time.
        const agent = prng.pick(agents);
        const k = key();
        const amountCents = prng.int(50, 300) * 100;
        const credit = (cents: number) => admin.client.request('POST', `/api/admin/wallets/${agent.userId}/test-credit`, { amountCents: cents }, money(k));
        const first = await credit(amountCents);
        const other = await credit(amountCents + 100);
        const same = await credit(amountCents);
        tally(`key reuse ${first.status}/${other.status}/${same.status}`);
        // A process killed mid-step answers nothing definite: judge only answers the portal gave.
        if (first.status !== 200 || ![other.status, same.status].every((status) => status > 0 && status < 500)) return;
        const code = (other.json as { code?: string } | null)?.code;
        if (other.status !== 409 || code !== 'IDEMPOTENCY_KEY_REUSED') {
          operationViolation = {
            invariant: 'an Idempotency-Key reused with another payload is refused (409)',
            detail: `test credit of ${amountCents + 100} cents under the key of ${amountCents}: ${other.status} ${JSON.stringify(other.json)}`,
          };
        } else if (same.status !== 200 || JSON.stringify(same.json) !== JSON.stringify(first.json)) {
          operationViolation = {
            invariant: 'the same Idempotency-Key and payload answer the first result',
            detail: `first ${JSON.stringify(first.json)}, again ${same.status} ${JSON.stringify(same.json)}`,
          };
        }
      },
      kill: async () => undefined,
    };

    // ---- settling: every subscriber at the head, the outbox relayed, no job left to run ----
    const pending = async (): Promise<string | null> => {
      const { rows } = await pool.query<{ subscriber: string; behind: string }>(
        `SELECT c.subscriber, (SELECT count(*) FROM es_events e
                                WHERE e.transaction_id::text::numeric > c.commit_position::numeric
                                   OR (e.transaction_id::text::numeric = c.commit_position::numeric AND e.global_position > c.prepare_position::numeric)) AS behind
           FROM es_checkpoints c`,
      );
      const behind = rows.filter((r) => Number(r.behind) > 0).map((r) => `${r.subscriber} ${r.behind} events behind`);
      const outbox = Number((await pool.query<{ n: string }>('SELECT count(*) AS n FROM outbox_events WHERE relayed_at IS NULL')).rows[0]!.n);
      const webhooks = Number((await pool.query<{ n: string }>('SELECT count(*) AS n FROM payment_webhook_events WHERE processed_at IS NULL')).rows[0]!.n);
      let jobs: string[];
      if (queue) {
        const waiting = await queue.getJobs(['waiting', 'active', 'delayed', 'prioritized'], 0, 200);
        // A job scheduled for later (tomorrow's reconciliation) and the periodic runs (JobQueue.every) are not work left over from a step.
        jobs = waiting.filter((j) => j && !j.repeatJobKey && j.name !== SWEEP_JOB && j.timestamp + (j.delay ?? 0) < Date.now() + 120_000).map((j) => j.name);
      } else {
        const { rows: jobRows } = await pool.query<{ name: string }>(
          // A periodic run (JobQueue.every) is `<name>@<time>`: the schedule's, not a step's.
          `SELECT name FROM jobs WHERE status IN ('waiting', 'active') AND name <> $1 AND run_at < now() + interval '2 minutes' AND NOT starts_with(id, name || '@')`,
          [SWEEP_JOB],
        );
        jobs = jobRows.map((j) => j.name);
      }
      const parts = [
        ...behind,
        ...(outbox ? [`${outbox} outbox events`] : []),
        ...(webhooks ? [`${webhooks} webhooks unprocessed`] : []),
        ...(jobs.length ? [`jobs: ${[...new Set(jobs)].join(', ')} (${jobs.length})`] : []),
      ];
      return parts.length > 0 ? parts.join('; ') : null;
    };
    const settle = async (): Promise<string | null> => {
      const deadline = Date.now() + settleTimeoutMs;
      let quietChecks = 0;
      let last: string | null = null;
      while (Date.now() < deadline) {
        last = await pending();
        quietChecks = last === null ? quietChecks + 1 : 0;
        if (quietChecks >= 2) return null;
        await sleep(100);
      }
      return last ?? 'still busy';
    };

    // ---- the steps ----
    const weights = { ...OPERATIONS, kill: options.kills === false ? 0 : OPERATIONS.kill };
    const fail = (violation: Violation, step: number, operation: string): SimulationResult => ({
      seed: options.seed,
      stepsRun,
      violation: { ...violation, step, operation },
      summary: { ...counts, events: checker.events },
    });
    for (let step = 1; step <= options.steps; step++) {
      stepNow = step;
      let operation = prng.weighted(weights);
      let victim: PortalProcess | null = null;
      let killing: Promise<void> | null = null;
      if (operation === 'kill') {
        // SIGKILL one process at a random moment while the next operation runs.
        victim = prng.pick(processes);
        const delay = prng.int(0, 500);
        do operation = prng.weighted(weights);
        while (operation === 'kill');
        const killed = victim;
        killing = (async () => {
          await sleep(delay);
          await killed.kill();
          tally(`killed ${killed.name}`);
          if (!scaled) {
            // The one process that ran jobs is gone: its job locks would expire in 5 minutes; let them expire now.
            await pool.query(`UPDATE jobs SET locked_until = now() WHERE status = 'active'`);
          }
          await killed.start();
        })();
      }
      current = victim ? `${operation} (while killing ${victim.name})` : operation;
      tally(`op ${operation}`);
      operationViolation = null;
      await operations[operation]();
      if (killing) await killing;
      stepsRun = step;
      if (operationViolation) return fail(operationViolation, step, current);
      const busy = await settle();
      const violations = await checker.checkStreams();
      if (violations[0]) return fail(violations[0], step, current);
      if (busy) return fail({ invariant: 'the portal settles (every process finishes)', detail: `after ${settleTimeoutMs / 1000} s: ${busy}` }, step, current);
      const settled = await checker.checkSettled();
      if (settled[0]) return fail(settled[0], step, current);
      log(`step ${step}: ${current} ok (${checker.events} events)`);
    }
    // The same checks as `npm run ledger:verify`, over the whole ledger once more.
    const report = await verifyLedger(pool, store);
    if (report.breaks[0]) return fail({ invariant: 'npm run ledger:verify', detail: describeBreak(report.breaks[0]) }, stepsRun, 'final ledger check');
    if (report.accountSumCents !== 0)
      return fail(
        { invariant: '1. the sum of all accounts is 0', detail: `ledger:verify sums ${report.accountSumCents} cents` },
        stepsRun,
        'final ledger check',
      );
    const { rows: failedJobs } = queue ? { rows: [] } : await pool.query<{ n: string }>(`SELECT count(*) AS n FROM jobs WHERE status = 'failed'`);
    const { rows: recharges } = await pool.query<{ status: string; n: number }>(
      `SELECT status, count(*)::int AS n FROM demo_pay_payments WHERE auto_recharge GROUP BY status ORDER BY status`,
    );
    return {
      seed: options.seed,
      stepsRun,
      violation: null,
      summary: {
        ...counts,
        events: checker.events,
        wallets: report.wallets,
        'ledger entries': report.entries,
        kills: processes.reduce((sum, p) => sum + p.kills, 0),
        ...Object.fromEntries(recharges.map((r) => [`auto-recharge charges ${r.status}`, r.n])),
        '5xx answers': serverErrors.length,
        ...Object.fromEntries(serverErrors.slice(0, 5).map((line, i) => [`5xx #${i + 1}`, line])),
        ...(failedJobs[0] ? { 'failed jobs': Number((failedJobs[0] as { n: string }).n) } : {}),
      },
    };
  } catch (error) {
    const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
    return {
      seed: options.seed,
      stepsRun,
      violation: { invariant: 'the simulation ran', detail: message, step: stepsRun + 1, operation: current },
      summary: counts,
    };
  } finally {
    for (const cleanup of cleanups) await cleanup().catch(() => undefined);
  }
}

async function fetchRetrying(url: string, init: RequestInit): Promise<number> {
  const deadline = Date.now() + 90_000;
  for (;;) {
    try {
      const response = await fetch(url, init);
      await response.arrayBuffer();
      return response.status;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await sleep(250);
    }
  }
}

// Rotating a webhook signing secret (Svix's way): a new secret shown once, the old one
// kept encrypted and signing beside it for the grace period, only the new one after; one
// agent's integrations apart from another's; concurrent rotations leave one current secret.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';

import { leadDeliveries } from '../../../../../test/support/lead-deliveries.js';
import { inParallel, tally } from '../../../../../test/support/parallel.js';
import { firstAttempt, loopbackHttp, sampleLead } from '../../../../../test/support/sample-lead.js';
import { describeOn, oneDatabase } from '../../../../../test/support/test-databases.js';
import { testSecretCipher } from '../../../../../test/support/test-secrets.js';
import { startWebhookReceiver, type WebhookReceiver } from '../../../../../test/support/webhook-receiver.js';
import { DomainError } from '../../../../platform/domain/domain-error.js';
import { userRequestContext } from '../../../../platform/event-store/new-event.js';
import type { JobQueue } from '../../../../platform/jobs/job-queue.port.js';
import { createPool, type SqlPool } from '../../../../platform/persistence/sql.js';
import { InProcessRealtimeHub } from '../../../../platform/realtime/realtime-hub.js';
import { secretContext } from '../../../../platform/secrets/secret-columns.js';
import { integrationTarget } from '../../delivery/integration-target.js';
import { PREVIOUS_SIGNING_SECRET, SIGNING_SECRET } from '../../delivery/standard-webhooks.js';
import { customIntegrationSchema } from '../../domain/custom-integration.js';
import { generatedSecretsOf } from '../../domain/providers.js';
import { INTEGRATION_SECRETS } from '../../integrations.secrets.js';
import { customRequest } from '../../providers/custom/custom-api-sender.js';
import { OnlySalesLeadSender } from '../../providers/onlysales/onlysales-sender.js';
import { AddCustomIntegration } from '../add-custom-integration/add-custom-integration.command.js';
import { AddCustomIntegrationHandler } from '../add-custom-integration/add-custom-integration.handler.js';
import { ConnectIntegration } from '../connect-integration/connect-integration.command.js';
import { ConnectIntegrationHandler } from '../connect-integration/connect-integration.handler.js';
import { DeleteCustomIntegration } from '../delete-custom-integration/delete-custom-integration.command.js';
import { DeleteCustomIntegrationHandler } from '../delete-custom-integration/delete-custom-integration.handler.js';
import { RotateSigningSecret } from './rotate-signing-secret.command.js';
import { RotateSigningSecretHandler } from './rotate-signing-secret.handler.js';

const cipher = testSecretCipher();
const DAY_MS = 86_400_000;
const API_KEY = 'only-sales-key-0123456789-ROTA';
/** Deliveries here make one attempt each: nothing is enqueued. */
const noJobs = { enqueue: () => Promise.resolve() } as unknown as JobQueue;

for (const database of oneDatabase()) {
  describeOn(database, `signing secret rotation on ${database.name}`, () => {
    let pool: SqlPool;
    let receiver: WebhookReceiver;
    let rotations: RotateSigningSecretHandler;
    /** The same command where the grace period is over at once: what a rotation looks like once its day has passed. */
    let graceOver: RotateSigningSecretHandler;
    let deliveries: ReturnType<typeof leadDeliveries>;
    beforeAll(async () => {
      pool = createPool(database.url, 40);
      receiver = await startWebhookReceiver({ apiKey: API_KEY });
      rotations = new RotateSigningSecretHandler(pool as never, cipher, {
        delivery: { retryDelaysMs: [0], disableAfterMs: DAY_MS, signingSecretGraceMs: DAY_MS },
      });
      graceOver = new RotateSigningSecretHandler(pool as never, cipher, { delivery: { retryDelaysMs: [0], disableAfterMs: DAY_MS, signingSecretGraceMs: 0 } });
      deliveries = leadDeliveries(
        pool as never,
        noJobs,
        cipher,
        new InProcessRealtimeHub(),
        new Map([['onlysales', new OnlySalesLeadSender(loopbackHttp(), 2_000)]]),
        {
          retryDelaysMs: [0],
          disableAfterMs: DAY_MS,
          publicUrl: 'http://portal.test',
          timeZone: 'America/New_York',
        },
      );
    });
    afterAll(async () => {
      await receiver?.close();
      await pool?.end();
    });
    beforeEach(() => {
      receiver.received.length = 0;
      receiver.answer = 200;
    });

    const agent = async () => {
      const userId = randomUUID();
      await pool.query('INSERT INTO users (id, email, password_hash, email_confirmed_at) VALUES ($1, $2, $3, now())', [
        userId,
        `rotate-${userId}@int.test`,
        'x',
      ]);
      return userId;
    };
    /** OnlySales connected to the local receiver: the integration and the secret shown at connect. */
    const onlySales = async (userId: string) => {
      const connect = new ConnectIntegrationHandler(pool as never, cipher);
      const setup = { settings: { webhookUrl: `${receiver.url}/hooks/${userId}` }, secrets: { apiKey: API_KEY }, generated: generatedSecretsOf('onlysales') };
      const { integrationId, revealed } = await connect.execute(new ConnectIntegration({ providerId: 'onlysales', setup }, userRequestContext(userId)));
      return { integrationId, secret: revealed.signingSecret! };
    };
    const rotate = (userId: string, integrationId: string, handler = rotations) =>
      handler.execute(new RotateSigningSecret({ integrationId }, userRequestContext(userId)));
    const refusal = (userId: string, integrationId: string) =>
      rotate(userId, integrationId).then(
        () => 'rotated',
        (error: unknown) => (error instanceof DomainError ? `${error.status} ${error.code}` : String(error)),
      );
    const stored = async (integrationId: string) =>
      (
        await pool.query<{ name: string; value: string; last4: string; expires_at: Date | null }>(
          'SELECT name, value, last4, expires_at FROM integration_secrets WHERE integration_id = $1 AND name LIKE $2 ORDER BY name',
          [integrationId, '%igningSecret'],
        )
      ).rows;
    const opened = (integrationId: string, row: { name: string; value: string }) =>
      cipher.decrypt(row.value, secretContext(INTEGRATION_SECRETS, [integrationId, row.name]));
    /** A lead of the agent's, delivered to the integration by the pipeline's own attempt (its query picks the secrets). */
    const deliverLead = async (userId: string, integrationId: string) => {
      const leadId = randomUUID();
      await pool.query(
        `INSERT INTO rm_leads (lead_id, vendor_id, first_name, last_name, phone, email, state, zip, source, tier, consent_text, consent_at, status, received_at)
         VALUES ($1, $2, 'Ana', 'Reyes', '+13055550100', 'ana@example.com', 'FL', '33101', 'data_leads', 'premium', 'yes', now(), 'sold', now())`,
        [leadId, randomUUID()],
      );
      const deliveryId = randomUUID();
      const purchase = { source: 'data_leads', campaignId: null, campaignName: 'Rotation', priceCents: 2_500, boughtAt: new Date().toISOString() };
      await pool.query(`INSERT INTO lead_deliveries (delivery_id, integration_id, user_id, lead_id, purchase, status) VALUES ($1, $2, $3, $4, $5, 'pending')`, [
        deliveryId,
        integrationId,
        userId,
        leadId,
        JSON.stringify(purchase),
      ]);
      const result = await deliveries.attempt({ deliveryId, attempt: 1, trigger: 'automatic' });
      return result!.outcome;
    };
    const signaturesOfLast = () => String(receiver.received.at(-1)!.headers['webhook-signature']).split(' ');

    it('answers a new secret once and keeps the old one encrypted beside it until the grace period ends, recording the rotation without either', async () => {
      const userId = await agent();
      const { integrationId, secret } = await onlySales(userId);
      const before = Date.now();
      const rotated = await rotate(userId, integrationId);
      expect(rotated.signingSecret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
      expect(rotated.signingSecret).not.toBe(secret);
      const until = new Date(rotated.previousValidUntil).getTime();
      expect(until).toBeGreaterThanOrEqual(before + DAY_MS - 60_000);
      expect(until).toBeLessThanOrEqual(Date.now() + DAY_MS + 60_000);

      const rows = await stored(integrationId);
      expect(rows.map((row) => [row.name, opened(integrationId, row), row.last4, row.expires_at?.toISOString() ?? null])).toEqual([
        [PREVIOUS_SIGNING_SECRET, secret, `••••${secret.slice(-4)}`, rotated.previousValidUntil],
        [SIGNING_SECRET, rotated.signingSecret, `••••${rotated.signingSecret.slice(-4)}`, null],
      ]);
      for (const row of rows) {
        expect(row.value).toMatch(/^v1:/);
        for (const plain of [secret, rotated.signingSecret]) expect(row.value).not.toContain(plain.slice(6));
      }

      const events = await pool.query<{ type: string; data: Record<string, unknown>; actor: { type: string; id: string }; text: string }>(
        `SELECT event->>'type' AS type, event->'data' AS data, event->'metadata'->'actor' AS actor, event::text AS text FROM outbox_events WHERE stream_id = $1 ORDER BY position`,
        [`integration-${integrationId}`],
      );
      expect(events.rows.map((row) => row.type)).toEqual(['IntegrationConnected', 'IntegrationSigningSecretRotated']);
      expect(events.rows[1]!.data).toEqual({ integrationId, userId, provider: 'onlysales', previousValidUntil: rotated.previousValidUntil });
      expect(events.rows[1]!.actor).toEqual({ type: 'user', id: userId });
      for (const plain of [secret, rotated.signingSecret]) expect(events.rows.map((row) => row.text).join('\n')).not.toContain(plain.slice(6));
    });

    it('signs deliveries with both secrets during the grace period, and with the new one only after it', async () => {
      const userId = await agent();
      const { integrationId, secret: first } = await onlySales(userId);
      const { signingSecret: second } = await rotate(userId, integrationId);

      // A receiver still on the old secret, and one already switched to the new one, both accept the lead.
      receiver.secret = first;
      expect(await deliverLead(userId, integrationId)).toMatchObject({ ok: true, status: 200 });
      expect(signaturesOfLast()).toHaveLength(2);
      receiver.secret = second;
      expect(await deliverLead(userId, integrationId)).toMatchObject({ ok: true, status: 200 });
      expect(await deliveries.testSend(userId, integrationId)).toMatchObject({ outcome: { ok: true, status: 200 } });
      expect(receiver.received.map((r) => r.check.valid)).toEqual([true, true, true]);

      // The next rotation after a grace period that is over: the secret it replaced signs no more.
      const { signingSecret: third } = await rotate(userId, integrationId, graceOver);
      receiver.secret = third;
      expect(await deliverLead(userId, integrationId)).toMatchObject({ ok: true, status: 200 });
      expect(signaturesOfLast()).toHaveLength(1);
      receiver.secret = second;
      expect(await deliverLead(userId, integrationId)).toMatchObject({ ok: false, status: 401 });
      expect((await integrationTarget(pool, cipher, { integration_id: integrationId, user_id: userId, provider: 'onlysales', settings: {} })).secrets).toEqual({
        apiKey: API_KEY,
        signingSecret: third,
      });
      // Kept, expired, until the next rotation replaces it; never shown as a hint.
      expect((await stored(integrationId)).map((row) => row.name)).toEqual([PREVIOUS_SIGNING_SECRET, SIGNING_SECRET]);
    });

    it('keeps the replaced secret signing when the agent saves the OnlySales form again during the grace period', async () => {
      const userId = await agent();
      const { integrationId, secret } = await onlySales(userId);
      const { signingSecret } = await rotate(userId, integrationId);
      const again = await onlySales(userId);
      expect(again).toEqual({ integrationId, secret: undefined });
      const rows = await stored(integrationId);
      expect(rows.map((row) => opened(integrationId, row))).toEqual([secret, signingSecret]);
    });

    it('rotates a custom API integration’s secret too, which then signs its requests with both', async () => {
      const userId = await agent();
      const custom = new AddCustomIntegrationHandler(pool as never, cipher);
      const form = customIntegrationSchema.parse({ name: 'My CRM', type: 'api', apiEndpoint: `${receiver.url}/custom`, apiKey: 'custom-key-0123456789' });
      const { integrationId, signingSecret: first } = await custom.execute(new AddCustomIntegration({ form }, userRequestContext(userId)));
      const { signingSecret: second } = await rotate(userId, integrationId);
      const target = await integrationTarget(pool, cipher, { integration_id: integrationId, user_id: userId, provider: 'custom', settings: {} });
      expect(target.secrets).toMatchObject({ signingSecret: second, previousSigningSecret: first });
      const settings = (await pool.query<{ settings: never }>('SELECT settings FROM integration_configs WHERE integration_id = $1', [integrationId])).rows[0]!
        .settings;
      const request = customRequest(sampleLead(), settings, target.secrets, firstAttempt('dlv_custom').deliveryId, new Date());
      expect(request.headers['webhook-signature']!.split(' ')).toHaveLength(2);
    });

    it('finds only the agent’s own integrations: another agent’s, an unknown or a deleted one is not found, one without a signing secret says so', async () => {
      const owner = await agent();
      const stranger = await agent();
      const { integrationId, secret } = await onlySales(owner);
      expect(await refusal(stranger, integrationId)).toBe('404 INTEGRATION_NOT_FOUND');
      expect(await refusal(owner, randomUUID())).toBe('404 INTEGRATION_NOT_FOUND');
      expect((await stored(integrationId)).map((row) => opened(integrationId, row))).toEqual([secret]);

      const connect = new ConnectIntegrationHandler(pool as never, cipher);
      const email = await connect.execute(
        new ConnectIntegration({ providerId: 'email', setup: { settings: { email: 'me@example.com' }, secrets: {} } }, userRequestContext(owner)),
      );
      expect(await refusal(owner, email.integrationId)).toBe('409 NO_SIGNING_SECRET');

      const form = customIntegrationSchema.parse({ name: 'Gone', type: 'api', apiEndpoint: 'https://crm.example.com/in' });
      const added = await new AddCustomIntegrationHandler(pool as never, cipher).execute(new AddCustomIntegration({ form }, userRequestContext(owner)));
      await new DeleteCustomIntegrationHandler(pool as never).execute(
        new DeleteCustomIntegration({ integrationId: added.integrationId }, userRequestContext(owner)),
      );
      expect(await refusal(owner, added.integrationId)).toBe('404 INTEGRATION_NOT_FOUND');
    });

    it('leaves exactly one current secret after 30 rotations at once, one of those answered, and as the previous another of them', async () => {
      const userId = await agent();
      const { integrationId, secret } = await onlySales(userId);
      const answers = await inParallel(30, () =>
        rotate(userId, integrationId).then(
          (rotated) => rotated,
          (error: unknown) => String(error),
        ),
      );
      expect(tally(answers.map((answer) => (typeof answer === 'string' ? answer : 'rotated')))).toEqual({ rotated: 30 });
      const secrets = answers.map((answer) => (answer as { signingSecret: string }).signingSecret);
      expect(new Set([secret, ...secrets]).size).toBe(31);
      const rows = await stored(integrationId);
      expect(rows.map((row) => row.name)).toEqual([PREVIOUS_SIGNING_SECRET, SIGNING_SECRET]);
      const [previous, current] = rows.map((row) => opened(integrationId, row));
      expect(secrets).toContain(current);
      // One at a time: the previous secret is the one the last rotation replaced, itself answered by the rotation before.
      const events = await pool.query(`SELECT 1 FROM outbox_events WHERE stream_id = $1 AND event->>'type' = 'IntegrationSigningSecretRotated'`, [
        `integration-${integrationId}`,
      ]);
      expect(events.rowCount).toBe(30);
      expect(secrets).toContain(previous);
      expect(previous).not.toBe(current);
    });
  });
}

// Lead delivery from the stored events through jobs to a local receiver: the whole pipeline.
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';

import { leadsProjection } from '../../projections/marketplace/leads/leads.projection.js';
import { leadDeliveries as deliveriesOfLead, deliveryWithAttempts } from '../../src/modules/integrations/contracts/deliveries.js';
import { ArrivalNotReadable } from '../../src/modules/integrations/delivery/arrivals.js';
import { deliveryOf } from '../../src/modules/integrations/delivery/delivery-log.query.js';
import { deliveryTriggers, registerDeliveryJobs } from '../../src/modules/integrations/delivery/delivery.jobs.js';
import type { LeadSender } from '../../src/modules/integrations/delivery/lead-sender.js';
import { INTEGRATION_SECRETS } from '../../src/modules/integrations/integrations.secrets.js';
import { leadStream } from '../../src/modules/marketplace/contracts/lead-events.js';
import type { JsonEvent } from '../../src/platform/event-store/json-event.js';
import { newEvent, systemContext } from '../../src/platform/event-store/new-event.js';
import { SEND_EMAIL_JOB } from '../../src/platform/mail/mailer.js';
import { parseOutboundAllow } from '../../src/platform/outbound/outbound-allow.js';
import { OutboundHttp } from '../../src/platform/outbound/outbound-http.js';
import { InProcessRealtimeHub } from '../../src/platform/realtime/realtime-hub.js';
import { secretContext } from '../../src/platform/secrets/secret-columns.js';
import { leadDeliveries } from '../support/lead-deliveries.js';
import { moduleHarness } from '../support/module-harness.js';
import { inParallel } from '../support/parallel.js';
import { describeOn, oneDatabase } from '../support/test-databases.js';
import { testSecretCipher } from '../support/test-secrets.js';
import { eventually } from '../support/waiting.js';

/** A receiver that answers what the test says, and remembers every request (its delivery id header and JSON body). */
function receiver() {
  const received: { deliveryId: string; attempt: string; body: { leadId: string; firstName: string }; auth: string | undefined }[] = [];
  let answer: () => number = () => 200;
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        deliveryId: String(request.headers['x-delivery-id']),
        attempt: String(request.headers['x-attempt']),
        body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as { leadId: string; firstName: string },
        auth: request.headers.authorization,
      });
      const status = answer();
      response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ status, note: 'x'.repeat(3_000) }));
    });
  });
  return {
    received,
    answerWith(next: () => number) {
      answer = next;
    },
    async start() {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The shape of every provider sender, kept to the essentials: the lead as JSON with the secret as a bearer token. */
const jsonSender = (outbound: OutboundHttp): LeadSender => ({
  provider: 'onlysales',
  async send(lead, target, context) {
    const started = performance.now();
    try {
      const answer = await outbound.request({
        url: String(target.settings.webhookUrl),
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${target.secrets.apiKey}`,
          'x-delivery-id': context.deliveryId,
          'x-attempt': String(context.attempt),
        },
        body: JSON.stringify(lead),
        // The portal's own bound: a busy machine answering 32 sends at once can pass 2 s.
        timeoutMs: 15_000,
      });
      const ok = answer.status >= 200 && answer.status < 300;
      return {
        ok,
        status: answer.status,
        durationMs: answer.durationMs,
        preview: answer.preview,
        error: ok ? null : `HTTP ${answer.status}`,
        retryable: !ok && answer.status >= 500,
      };
    } catch (error) {
      return { ok: false, status: null, durationMs: performance.now() - started, preview: '', error: String(error), retryable: true };
    }
  },
});

for (const database of oneDatabase()) {
  describeOn(database, `lead delivery on ${database.name}`, () => {
    const cipher = testSecretCipher();
    const realtime = new InProcessRealtimeHub();
    const crm = receiver();
    let crmUrl: string;
    let deliveries: ReturnType<typeof leadDeliveries>;
    // A day of failures is 3 s here: long enough that a loaded machine's retries 50 ms apart never reach it by accident.
    // Long enough that a loaded machine's three quick attempts all fall inside it (3 s was not, once, in CI).
    const settings = { retryDelaysMs: [0, 50, 50], disableAfterMs: 8_000, publicUrl: 'http://portal.test', timeZone: 'America/Chicago' };

    // The receiver is up before the deliveries start and closes after they stop.
    beforeAll(async () => {
      crmUrl = await crm.start();
    });
    afterAll(() => crm.close());

    // Lead delivery runs without a Nest context (test/support/lead-deliveries.ts): no providers.
    const harness = moduleHarness(database, {
      isolated: true,
      poolSize: 12,
      providers: [],
      registerJobs: ({ pool, queue }) => {
        const outbound = new OutboundHttp({ allow: parseOutboundAllow(['127.0.0.1'])!, timeoutMs: 15_000 });
        deliveries = leadDeliveries(
          pool,
          queue,
          cipher,
          realtime,
          new Map([
            ['onlysales', jsonSender(outbound)],
            ['email', jsonSender(outbound)],
          ]),
          settings,
        );
        registerDeliveryJobs(queue, deliveries.commands);
        queue.register(SEND_EMAIL_JOB, async () => undefined);
      },
      workers: 8,
      projections: [leadsProjection],
      jobTriggers: deliveryTriggers,
      pollIntervalMs: 20,
    });

    beforeEach(() => crm.answerWith(() => 200));

    async function agent(): Promise<string> {
      const userId = randomUUID();
      await harness.pool.query('INSERT INTO users (id, email) VALUES ($1, $2)', [userId, `agent-${userId.slice(0, 8)}@example.com`]);
      return userId;
    }
    async function integration(userId: string, provider: string, active = true, apiKey = 'sk_live_abcdef123456'): Promise<string> {
      const integrationId = randomUUID();
      await harness.pool.query(
        `INSERT INTO integration_configs (integration_id, user_id, provider, is_active, settings, connected_at) VALUES ($1, $2, $3, $4, $5, now())`,
        [integrationId, userId, provider, active, JSON.stringify({ webhookUrl: `${crmUrl}/hooks/${integrationId}` })],
      );
      await harness.pool.query('INSERT INTO integration_secrets (integration_id, name, value, last4) VALUES ($1, $2, $3, $4)', [
        integrationId,
        'apiKey',
        cipher.encrypt(apiKey, secretContext(INTEGRATION_SECRETS, [integrationId, 'apiKey'])),
        apiKey.slice(-4),
      ]);
      return integrationId;
    }
    /** A lead received, then sold to the owner: both stored events, as the marketplace writes them. */
    async function sell(ownerId: string, firstName = 'Ana'): Promise<string> {
      const leadId = await receive(firstName);
      const sold = { leadId, campaignId: randomUUID(), ownerId, priceCents: 2_500, at: new Date().toISOString() };
      await harness.store.append(leadStream(leadId), [newEvent('LeadSold', sold, systemContext('test-allocation'))], { expectedVersion: 1n });
      return leadId;
    }
    /** A lead received and in the leads read model, not sold yet. */
    async function receive(firstName = 'Ana'): Promise<string> {
      const leadId = randomUUID();
      const received = {
        leadId,
        vendorId: randomUUID(),
        externalId: null,
        duplicateOf: null,
        firstName,
        lastName: 'Reyes',
        phone: '+13055550100',
        email: 'ana@example.com',
        state: 'FL',
        zip: '33101',
        dateOfBirth: '1960-01-02',
        age: 66,
        source: 'data_leads',
        tier: 'premium',
        consent: { text: 'yes', at: new Date().toISOString() },
      };
      await harness.store.append(leadStream(leadId), [newEvent('LeadReceived', received, systemContext('test-vendor'))], { expectedVersion: 'no_stream' });
      await expect.poll(async () => (await harness.pool.query('SELECT 1 FROM rm_leads WHERE lead_id = $1', [leadId])).rowCount).toBe(1);
      return leadId;
    }
    /** A stored event as a planning job receives it (not appended: the job is run by hand). */
    const jobEvent = (type: string, data: unknown): JsonEvent => ({
      streamId: `lead-${randomUUID()}`,
      streamVersion: '1',
      position: { commit: '0', prepare: '0' },
      recordedAt: new Date().toISOString(),
      type,
      data,
      metadata: newEvent(type, data, systemContext('test-allocation')).metadata as JsonEvent['metadata'],
    });
    const deliveriesOf = async (integrationId: string) =>
      (
        await harness.pool.query<{ delivery_id: string; lead_id: string; status: string; attempts: number }>(
          'SELECT delivery_id, lead_id, status, attempts FROM lead_deliveries WHERE integration_id = $1 ORDER BY created_at',
          [integrationId],
        )
      ).rows;
    const attemptsOf = async (deliveryId: string) =>
      (
        await harness.pool.query<{ attempt: number; ok: boolean; status: number | null; trigger: string; response_preview: string }>(
          'SELECT * FROM delivery_attempts WHERE delivery_id = $1 ORDER BY attempt',
          [deliveryId],
        )
      ).rows;
    const settled = (integrationId: string, count: number) =>
      expect.poll(async () => (await deliveriesOf(integrationId)).filter((d) => d.status !== 'pending').length, { interval: 50 }).toBe(count);

    it('delivers a sold lead once to each active integration of its owner, and logs the attempt with the answer’s first 2 KB', async () => {
      const owner = await agent();
      const crmId = await integration(owner, 'onlysales');
      const off = await integration(owner, 'ringy', false);
      const leadId = await sell(owner);
      await settled(crmId, 1);
      const [delivery] = await deliveriesOf(crmId);
      expect(delivery).toMatchObject({ lead_id: leadId, status: 'succeeded', attempts: 1 });
      const [attempt] = await attemptsOf(delivery!.delivery_id);
      expect(attempt).toMatchObject({ attempt: 1, ok: true, status: 200, trigger: 'automatic' });
      expect(attempt!.response_preview).toHaveLength(2_048);
      const got = crm.received.filter((r) => r.body.leadId === leadId);
      expect(got).toHaveLength(1);
      expect(got[0]).toMatchObject({ deliveryId: delivery!.delivery_id, auth: 'Bearer sk_live_abcdef123456', body: { firstName: 'Ana' } });
      expect(await deliveriesOf(off)).toEqual([]);
    });

    it('retries a failing delivery on the schedule until it succeeds, logging every attempt', async () => {
      const owner = await agent();
      const crmId = await integration(owner, 'onlysales');
      let calls = 0;
      crm.answerWith(() => (++calls <= 2 ? 503 : 200));
      const leadId = await sell(owner);
      await settled(crmId, 1);
      const [delivery] = await deliveriesOf(crmId);
      expect(delivery).toMatchObject({ status: 'succeeded', attempts: 3 });
      expect((await attemptsOf(delivery!.delivery_id)).map((a) => [a.attempt, a.status, a.ok])).toEqual([
        [1, 503, false],
        [2, 503, false],
        [3, 200, true],
      ]);
      // As a help request about the lead or the delivery shows it (newest attempt first), and to no other agent.
      const [ofLead] = await deliveriesOfLead(harness.pool, owner, leadId);
      expect(ofLead).toMatchObject({ deliveryId: delivery!.delivery_id, status: 'succeeded' });
      expect(ofLead!.attempts.map((a) => [a.attempt, a.status, a.ok, a.trigger])).toEqual([
        [3, 200, true, 'automatic'],
        [2, 503, false, 'automatic'],
        [1, 503, false, 'automatic'],
      ]);
      expect(await deliveryWithAttempts(harness.pool, owner, delivery!.delivery_id)).toEqual(ofLead);
      expect(await deliveryWithAttempts(harness.pool, await agent(), delivery!.delivery_id)).toBeNull();
      expect(await deliveriesOfLead(harness.pool, await agent(), leadId)).toEqual([]);
      // The integration's health is brought up to date after the delivery is logged.
      await expect
        .poll(
          async () => (await harness.pool.query('SELECT failing_since FROM integration_configs WHERE integration_id = $1', [crmId])).rows[0].failing_since,
          {},
        )
        .toBeNull();
    });

    it('gives up after the last attempt, turns an integration off that keeps failing, e-mails its owner, holds what comes meanwhile and replays it when turned back on', async () => {
      const owner = await agent();
      const crmId = await integration(owner, 'onlysales');
      crm.answerWith(() => 500);
      await sell(owner, 'First');
      await settled(crmId, 1);
      expect((await deliveriesOf(crmId))[0]).toMatchObject({ status: 'failed', attempts: 3 });
      // The next failure turns the integration off once it has been failing for disableAfterMs: time that must pass.
      await eventually(
        `the integration failing for ${settings.disableAfterMs} ms`,
        async () =>
          (
            await harness.pool.query(
              `SELECT 1 FROM integration_configs WHERE integration_id = $1 AND failing_since <= now() - make_interval(secs => $2::double precision / 1000)`,
              [crmId, settings.disableAfterMs],
            )
          ).rowCount,
        (count) => count === 1,
      );
      await sell(owner, 'Second');
      await settled(crmId, 2);
      const config = await harness.pool.query('SELECT is_active, disabled_at, disabled_reason FROM integration_configs WHERE integration_id = $1', [crmId]);
      expect(config.rows[0]).toMatchObject({ is_active: false });
      expect(config.rows[0].disabled_reason).toMatch(/^Deliveries have failed since .+ The last answer: HTTP 500$/);
      const mail = await harness.pool.query<{ data: { to: string; subject: string; text: string } }>(
        `SELECT data FROM jobs WHERE name = $1 AND data->>'to' LIKE $2`,
        [SEND_EMAIL_JOB, `agent-${owner.slice(0, 8)}%`],
      );
      expect(mail.rows).toHaveLength(1);
      expect(mail.rows[0]!.data.subject).toBe('Your OnlySales integration was turned off');
      expect(mail.rows[0]!.data.text).toContain('http://portal.test/integrations/onlysales');
      // The configured time, not "a day", and times in words in the organisation's time zone (Chicago's here), named.
      expect(mail.rows[0]!.data.text).toMatch(
        /^Leads could not be delivered to OnlySales for 8 seconds, so we turned the integration off\.\n\nDeliveries have failed since [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M C[SD]T\. /,
      );

      const third = await sell(owner, 'Third');
      await expect.poll(async () => (await deliveriesOf(crmId)).find((d) => d.lead_id === third)?.status).toBe('held');
      await expect(deliveries.resend(owner, (await deliveriesOf(crmId))[0]!.delivery_id)).rejects.toThrow(
        'Turn this integration back on before resending its leads.',
      );

      crm.answerWith(() => 200);
      const before = crm.received.length;
      expect(await deliveries.enable(owner, crmId, true)).toEqual({ replayed: 3, skipped: 0 });
      await expect.poll(async () => (await deliveriesOf(crmId)).map((d) => d.status)).toEqual(['succeeded', 'succeeded', 'succeeded']);
      expect(
        crm.received
          .slice(before)
          .map((r) => r.body.firstName)
          .sort(),
      ).toEqual(['First', 'Second', 'Third']);
      await expect(deliveries.enable(owner, crmId, true)).rejects.toThrow('This integration was not turned off automatically.');
    });

    it('delivers 200 leads sold at once exactly once per integration', async () => {
      const owner = await agent();
      const first = await integration(owner, 'onlysales');
      const second = await integration(owner, 'email');
      const leadIds = await inParallel(200, () => sell(owner));
      await settled(first, 200);
      await settled(second, 200);
      for (const integrationId of [first, second]) {
        const rows = await deliveriesOf(integrationId);
        expect(rows.every((d) => d.status === 'succeeded' && d.attempts === 1)).toBe(true);
        expect(new Set(rows.map((d) => d.lead_id))).toEqual(new Set(leadIds));
      }
      const got = crm.received.filter((r) => leadIds.includes(r.body.leadId));
      expect(got).toHaveLength(400);
      expect(new Set(got.map((r) => r.deliveryId)).size).toBe(400);
    });

    it('plans a batch of sales in one job and sends each once however often the job runs; an assignment not readable yet fails the job after the rest are sent', async () => {
      const owner = await agent();
      const member = await agent();
      const hook = await integration(owner, 'onlysales');
      await integration(member, 'onlysales');
      const leadIds = await inParallel(30, () => receive('Batch'));
      const sales = leadIds.map((leadId) =>
        jobEvent('LeadSold', { leadId, campaignId: randomUUID(), ownerId: owner, priceCents: 2_500, at: new Date().toISOString() }),
      );
      // Assigned by an owner whose copy of the lead the read model does not have (yet).
      const unreadable = jobEvent('LeadAssigned', { leadId: randomUUID(), ownerId: owner, assigneeId: member });
      // The same job run 30 times at once (re-dispatches, stalled jobs run again): each lead is still sent once.
      const runs = await inParallel(30, (i) =>
        deliveries.plan(i % 2 ? [...sales, unreadable] : sales).then(
          () => 'planned',
          (error: unknown) => error,
        ),
      );
      expect(runs.filter((r) => r === 'planned')).toHaveLength(15);
      expect(runs.filter((r) => r instanceof ArrivalNotReadable)).toHaveLength(15);
      const rows = await deliveriesOf(hook);
      expect(rows).toHaveLength(30);
      expect(rows.every((d) => d.status === 'succeeded' && d.attempts === 1)).toBe(true);
      const got = crm.received.filter((r) => leadIds.includes(r.body.leadId));
      expect(got).toHaveLength(30);
      expect(new Set(got.map((r) => r.body.leadId)).size).toBe(30);
      for (const { delivery_id } of rows) expect(await attemptsOf(delivery_id)).toHaveLength(1);
    });

    it('makes an attempt again whose process died mid-request, under its own number, once the sweep finds it abandoned', async () => {
      const owner = await agent();
      const hook = await integration(owner, 'onlysales');
      const leadId = await receive('Abandoned');
      const deliveryId = randomUUID();
      const purchase = { source: 'data_leads', campaignId: null, campaignName: null, priceCents: 2_500, boughtAt: new Date().toISOString() };
      // Attempt 1 claimed just now: in flight, so a second job for it makes nothing.
      await harness.pool.query(
        `INSERT INTO lead_deliveries (delivery_id, integration_id, user_id, lead_id, purchase, status, attempts) VALUES ($1, $2, $3, $4, $5, 'pending', 1)`,
        [deliveryId, hook, owner, leadId, JSON.stringify(purchase)],
      );
      expect(await deliveries.attempt({ deliveryId, attempt: 1, trigger: 'automatic' })).toBeNull();
      // Two minutes on, never logged: its process died mid-request.
      await harness.pool.query(`UPDATE lead_deliveries SET updated_at = now() - interval '2 minutes' WHERE delivery_id = $1`, [deliveryId]);
      expect(await deliveries.sweep()).toBeGreaterThanOrEqual(1);
      await settled(hook, 1);
      expect((await attemptsOf(deliveryId)).map((a) => [a.attempt, a.ok, a.trigger])).toEqual([[1, true, 'automatic']]);
      expect(crm.received.filter((r) => r.body.leadId === leadId)).toHaveLength(1);
    });

    it('resends a delivery on request, 30 clicks at once making no attempt twice', async () => {
      const owner = await agent();
      const crmId = await integration(owner, 'onlysales');
      const leadId = await sell(owner);
      await settled(crmId, 1);
      const [delivery] = await deliveriesOf(crmId);
      const answers = await inParallel(30, () => deliveries.resend(owner, delivery!.delivery_id));
      const asked = new Set(answers.map((a) => a.attempt));
      await expect.poll(async () => (await attemptsOf(delivery!.delivery_id)).length).toBe(1 + asked.size);
      await expect.poll(async () => (await deliveriesOf(crmId))[0]!.status).toBe('succeeded');
      const got = crm.received.filter((r) => r.body.leadId === leadId);
      expect(got.map((r) => Number(r.attempt)).sort()).toEqual([1, ...[...asked].sort()]);
      expect((await attemptsOf(delivery!.delivery_id)).slice(1).every((a) => a.trigger === 'manual')).toBe(true);
      await expect(deliveries.resend(await agent(), delivery!.delivery_id)).rejects.toThrow('No such delivery.');
    });

    it('keeps a delivered lead delivered when a resend of it fails, shows the failed resend, and leaves a healthy integration’s failure clock alone', async () => {
      const owner = await agent();
      const crmId = await integration(owner, 'onlysales');
      await sell(owner);
      await settled(crmId, 1);
      const [delivery] = await deliveriesOf(crmId);
      const deliveryId = delivery!.delivery_id;
      const delivered = (await deliveryOf(harness.pool, owner, deliveryId))!;
      expect(delivered).toMatchObject({ status: 'succeeded', lastResendFailed: false });

      crm.answerWith(() => 500);
      await deliveries.resend(owner, deliveryId);
      await expect.poll(async () => (await attemptsOf(deliveryId)).length).toBe(2);
      // Still delivered, since when it first reached the CRM; the summary says the resend failed and what it got.
      await expect
        .poll(() => deliveryOf(harness.pool, owner, deliveryId))
        .toMatchObject({
          status: 'succeeded',
          attempts: 2,
          succeededAt: delivered.succeededAt,
          lastResendFailed: true,
          lastStatus: 500,
          lastError: 'HTTP 500',
          nextAttemptAt: null,
        });
      expect((await attemptsOf(deliveryId)).map((a) => [a.attempt, a.trigger, a.ok, a.status])).toEqual([
        [1, 'automatic', true, 200],
        [2, 'manual', false, 500],
      ]);
      // The integration delivers on its schedule: one failed resend does not start the clock that turns it off.
      const clock = async () =>
        (await harness.pool.query('SELECT failing_since, is_active FROM integration_configs WHERE integration_id = $1', [crmId])).rows[0];
      expect(await clock()).toEqual({ failing_since: null, is_active: true });
      // Nor does the failed resend of a lead never delivered: its own failure started the clock, and once that is
      // cleared (as a delivery that gets through clears it), the resend does not start it again.
      const other = await agent();
      const failing = await integration(other, 'onlysales');
      crm.answerWith(() => 400);
      await sell(other);
      await settled(failing, 1);
      // The first failure's own clock is started by its health update, a moment after the attempt: clear it only after.
      await expect
        .poll(
          async () => (await harness.pool.query('SELECT failing_since FROM integration_configs WHERE integration_id = $1', [failing])).rows[0].failing_since,
          {},
        )
        .not.toBeNull();
      await harness.pool.query('UPDATE integration_configs SET failing_since = NULL WHERE integration_id = $1', [failing]);
      const [undelivered] = await deliveriesOf(failing);
      await deliveries.resend(other, undelivered!.delivery_id);
      await expect.poll(async () => (await attemptsOf(undelivered!.delivery_id)).length).toBe(2);
      await expect
        .poll(() => deliveryOf(harness.pool, other, undelivered!.delivery_id))
        .toMatchObject({ status: 'failed', lastResendFailed: true, succeededAt: null });
      expect((await harness.pool.query('SELECT failing_since FROM integration_configs WHERE integration_id = $1', [failing])).rows[0].failing_since).toBeNull();

      // A resend that gets through clears the sign, and the delivery's time is the latest success.
      crm.answerWith(() => 200);
      await deliveries.resend(owner, deliveryId);
      await expect.poll(async () => (await deliveryOf(harness.pool, owner, deliveryId))!.lastResendFailed).toBe(false);
      expect(await deliveryOf(harness.pool, owner, deliveryId)).toMatchObject({ status: 'succeeded', attempts: 3, lastStatus: 200, lastError: null });
    });

    it('test-sends a sample lead and answers what the receiver said, without touching the failure clock', async () => {
      const owner = await agent();
      const crmId = await integration(owner, 'onlysales');
      crm.answerWith(() => 401);
      const result = await deliveries.testSend(owner, crmId);
      expect(result.outcome).toMatchObject({ ok: false, status: 401, error: 'HTTP 401' });
      expect(crm.received.at(-1)!.body.firstName).toBe('Sample');
      const { rows } = await harness.pool.query('SELECT is_test, status FROM lead_deliveries WHERE delivery_id = $1', [result.deliveryId]);
      expect(rows[0]).toEqual({ is_test: true, status: 'failed' });
      expect((await harness.pool.query('SELECT failing_since FROM integration_configs WHERE integration_id = $1', [crmId])).rows[0].failing_since).toBeNull();
      await expect(deliveries.testSend(await agent(), crmId)).rejects.toThrow('No such integration.');
    });
  });
}

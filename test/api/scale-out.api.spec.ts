// Scale-out: the same lead-intake load on one process, then on two API and two worker
// processes sharing one PostgreSQL and Redis, must end with the same ledger and the same
// allocations, each step done once, and every agent's open page told of its leads.
import { randomUUID } from 'node:crypto';
import { afterAll, expect, inject, it } from 'vitest';

import { migrateDatabase } from '../../src/modules.js';
import { createPool } from '../../src/platform/persistence/sql.js';
import { createScratchDatabase } from '../../src/platform/persistence/test-database.js';
import { describeIf } from '../support/not-run.js';
import { inParallel } from '../support/parallel.js';
import { eventReader } from '../support/portal/event-stream.js';
import { seedAccount } from '../support/portal/own-portal.js';
import { startPortal, type PortalProcess } from '../support/portal/portal-process.js';
import { zipOf } from '../support/us-zips.js';

const databaseUrl = process.env.DATABASE_URL;
const redisUrl = inject('redisUrl');

const STATES = ['AL', 'AZ', 'CO', 'FL', 'GA', 'IL', 'MI', 'NC', 'OH', 'TX'] as const;
const LEADS = 30;
const ADMIN_ID = '5ca1e000-0000-4000-8000-000000000000';
const agentId = (i: number) => `5ca1e000-0000-4000-8000-0000000000${String(i + 10)}`;

type Outcome = {
  allocations: { phone: string; ownerId: string; priceCents: number }[];
  balances: { userId: string; available: number; held: number }[];
  eventCounts: Record<string, number>;
  capturesTwice: number;
  agentsTold: number;
};

describeIf(databaseUrl && redisUrl, 'DATABASE_URL and REDIS_URL', 'scale-out: two API and two worker processes on one PostgreSQL and Redis', () => {
  const running: PortalProcess[] = [];
  afterAll(async () => {
    await Promise.all(running.map((p) => p.stop()));
  });

  async function run(shape: 'one process' | 'two APIs, two workers'): Promise<Outcome> {
    const scratch = await createScratchDatabase(databaseUrl!, 'portal_scale');
    await migrateDatabase(scratch.url);
    const pool = createPool(scratch.url, 4);
    const env = { DATABASE_URL: scratch.url, REDIS_URL: redisUrl!, REDIS_PREFIX: `${inject('redisPrefix')}scale-${randomUUID()}` };
    const apis: PortalProcess[] = [];
    const workers: PortalProcess[] = [];
    if (shape === 'one process') apis.push(await startPortal(env));
    else {
      apis.push(...(await Promise.all([startPortal({ ...env, RUN_WORKERS: 'false' }), startPortal({ ...env, RUN_WORKERS: 'false' })])));
      workers.push(...(await Promise.all([startPortal(env, 'worker'), startPortal(env, 'worker')])));
    }
    running.push(...apis, ...workers);
    const readers: ReturnType<typeof eventReader>[] = [];
    try {
      const admin = await seedAccount(pool, apis[0]!.url, { role: 'admin', userId: ADMIN_ID });
      const agents = [];
      for (let i = 0; i < STATES.length; i++) agents.push(await seedAccount(pool, apis[i % apis.length]!.url, { userId: agentId(i) }));
      const { apiKey } = (await (await admin.client.request('POST', '/api/admin/lead-vendors', { name: 'Scale Vendor' })).json()) as { apiKey: string };
      for (const [i, agent] of agents.entries()) {
        expect(
          (await admin.client.request('POST', `/api/admin/wallets/${agent.userId}/test-credit`, { amountCents: 10_000 }, { 'idempotency-key': `credit-${i}` }))
            .status,
        ).toBe(200);
        // One campaign per state, so each lead has exactly one buyer whatever the order of arrival.
        const created = await agent.client.request(
          'POST',
          '/api/campaigns',
          { name: `Only ${STATES[i]}`, source: 'data_leads', tier: 'exclusive', budgetCents: 10_000, targeting: { states: [STATES[i]] } },
          { 'idempotency-key': `campaign-${i}` },
        );
        expect(created.status).toBe(201);
        const stream = await agent.client.request('GET', '/api/realtime/stream');
        readers.push(eventReader(stream));
      }
      await expect.poll(async () => (await pool.query(`SELECT count(*)::int AS n FROM rm_campaigns WHERE status = 'active'`)).rows[0].n).toBe(STATES.length);

      // The burst, spread over the API processes.
      const statuses = await inParallel(LEADS, async (j) => {
        const answer = await fetch(`${apis[j % apis.length]!.url}/api/intake/leads`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${apiKey}` },
          body: JSON.stringify({
            firstName: 'Scale',
            lastName: `Lead${j}`,
            phone: `+1305555${String(2000 + j)}`,
            email: null,
            state: STATES[j % STATES.length],
            zip: zipOf(STATES[j % STATES.length]!),
            age: 60,
            tier: 'exclusive',
            consent: { text: 'I agree to be contacted by licensed agents about health coverage.', at: new Date().toISOString() },
          }),
        });
        return answer.status;
      });
      expect(new Set(statuses)).toEqual(new Set([201]));
      await expect.poll(async () => (await pool.query(`SELECT count(*)::int AS n FROM es_events WHERE event_type = 'LeadAllocated'`)).rows[0].n).toBe(LEADS);
      await expect.poll(async () => (await pool.query(`SELECT count(*)::int AS n FROM rm_owned_leads`)).rows[0].n).toBe(LEADS);
      await expect
        .poll(async () => (await pool.query(`SELECT coalesce(sum(held_cents), 0)::int AS n FROM rm_wallet_balances`)).rows[0].n)
        .toBe(STATES.length * 10_000 - LEADS * 2_500);
      await expect.poll(() => readers.filter((r) => r.events.some((e) => e.event === 'change' && e.data.includes('"leads"'))).length).toBe(STATES.length);

      const allocations = (
        await pool.query<{ phone: string; ownerId: string; priceCents: number }>(
          `SELECT l.phone, o.owner_id AS "ownerId", o.price_cents AS "priceCents" FROM rm_owned_leads o JOIN rm_leads l ON l.lead_id = o.lead_id ORDER BY l.phone`,
        )
      ).rows;
      const balances = (
        await pool.query<{ userId: string; available: number; held: number }>(
          `SELECT user_id AS "userId", available_cents::int AS available, held_cents::int AS held FROM rm_wallet_balances ORDER BY user_id`,
        )
      ).rows;
      const counted = await pool.query<{ type: string; n: number }>(
        `SELECT event_type AS type, count(*)::int AS n FROM es_events WHERE event_type IN ('LeadReceived', 'LeadOffered', 'LeadSold', 'LeadAllocated', 'LeadReserved', 'HoldCaptured', 'HoldPlaced', 'CampaignFunded') GROUP BY event_type ORDER BY event_type`,
      );
      const twice = await pool.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM (SELECT data->>'captureId' FROM es_events WHERE event_type = 'HoldCaptured' GROUP BY data->>'holdId', data->>'captureId' HAVING count(*) > 1) AS d`,
      );
      return {
        allocations,
        balances,
        eventCounts: Object.fromEntries(counted.rows.map((r) => [r.type, r.n])),
        capturesTwice: twice.rows[0]!.n,
        agentsTold: readers.filter((r) => r.events.some((e) => e.event === 'change' && e.data.includes('"leads"'))).length,
      };
    } finally {
      await Promise.all(readers.map((r) => r.cancel().catch(() => undefined)));
      await Promise.all([...apis, ...workers].map((p) => p.stop()));
      running.splice(0, running.length);
      await pool.end();
      await scratch.drop();
    }
  }

  it('ends with the same ledger and allocations as one process, each step done once and every agent told', async () => {
    const one = await run('one process');
    expect(one.allocations).toHaveLength(LEADS);
    expect(one.capturesTwice).toBe(0);
    expect(one.eventCounts).toMatchObject({ LeadReceived: LEADS, LeadSold: LEADS, LeadAllocated: LEADS, HoldCaptured: LEADS, LeadReserved: LEADS });
    expect(one.agentsTold).toBe(STATES.length);
    const many = await run('two APIs, two workers');
    expect(many).toEqual(one);
  }, 600_000);
});

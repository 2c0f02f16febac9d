import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';

import { newEvent, systemContext } from '../../../src/platform/event-store/new-event.js';
import { PostgresEventStore } from '../../../src/platform/event-store/postgres-event-store.js';
import type { SqlPool } from '../../../src/platform/persistence/sql.js';
import { SubscriptionRunner } from '../../../src/platform/projections/subscription-runner.js';
import { useIsolatedStore } from '../../../test/support/isolated-database.js';
import { eventsNotRead } from '../../../test/support/projection-check.js';
import { describeOn, oneDatabase } from '../../../test/support/test-databases.js';
import { auditLogProjection, streamType } from './audit-log.projection.js';

async function appendSample(store: PostgresEventStore, streams: number, perStream: number): Promise<void> {
  await Promise.all(
    Array.from({ length: streams }, async (_, s) => {
      const stream = `sample-${randomUUID()}`;
      const ctx = { ...systemContext('audit-test'), actor: { type: 'user' as const, id: `user-${s}` } };
      let version = 0n;
      for (let i = 0; i < perStream; i++) {
        const result = await store.append(stream, [newEvent('SampleRecorded', { i }, ctx)], {
          expectedVersion: version === 0n ? 'no_stream' : version,
        });
        version = result.nextExpectedVersion;
      }
    }),
  );
}

async function snapshot(pool: SqlPool): Promise<unknown[]> {
  const { rows } = await pool.query('SELECT * FROM rm_audit_log ORDER BY commit_position, prepare_position');
  return rows;
}

async function missingOrExtra(pool: SqlPool): Promise<{ missing: number; extra: number; rows: number; events: number }> {
  const { rows } = await pool.query<{ missing: string; extra: string; rows: string; events: string }>(`
    SELECT (SELECT count(*) FROM es_events e WHERE NOT EXISTS (SELECT 1 FROM rm_audit_log a WHERE a.event_id = e.event_id)) AS missing,
           (SELECT count(*) FROM rm_audit_log a WHERE NOT EXISTS (SELECT 1 FROM es_events e WHERE e.event_id = a.event_id)) AS extra,
           (SELECT count(*) FROM rm_audit_log) AS rows,
           (SELECT count(*) FROM es_events) AS events`);
  const r = rows[0]!;
  return { missing: Number(r.missing), extra: Number(r.extra), rows: Number(r.rows), events: Number(r.events) };
}

for (const database of oneDatabase()) {
  describeOn(database, `audit-log projection on ${database.name}`, () => {
    // A database of its own: the projection reads every event, and must not depend on what other test files wrote.
    const db = useIsolatedStore(database, 8);

    it('follows live appends, and a rebuild gives the very same rows', async () => {
      const changes: { userId: string; topic: string }[] = [];
      const runner = new SubscriptionRunner(db.store, db.pool, [auditLogProjection], {
        batchSize: 40,
        pollIntervalMs: 5_000,
        onChanges: (c) => changes.push(...c),
      });
      await runner.start();
      try {
        await appendSample(db.store, 6, 30);
        await expect.poll(() => eventsNotRead(db.pool, 'audit-log')).toBe(0);
        expect(await missingOrExtra(db.pool)).toMatchObject({ missing: 0, extra: 0 });
      } finally {
        await runner.stop();
      }
      // The sample's six actors were each told their activity changed.
      expect(new Set(changes.filter((c) => c.topic === 'activity').map((c) => c.userId))).toEqual(
        new Set(['user-0', 'user-1', 'user-2', 'user-3', 'user-4', 'user-5']),
      );
      const live = await snapshot(db.pool);
      expect(live.length).toBe(180);

      const rebuilt = await new SubscriptionRunner(db.store, db.pool, [auditLogProjection], { batchSize: 70 }).rebuild('audit-log');
      expect(rebuilt).toBe(live.length);
      expect(await snapshot(db.pool)).toEqual(live);
    });

    it('records actor, stream type and correlation for each event', async () => {
      const ctx = { ...systemContext('audit-test'), actor: { type: 'user' as const, id: 'agent-42' } };
      const event = newEvent('FundsDeposited', { cents: 500 }, ctx);
      await db.store.append(`wallet-${randomUUID()}`, [event], { expectedVersion: 'no_stream' });
      await new SubscriptionRunner(db.store, db.pool, [auditLogProjection]).catchUp('audit-log');
      const { rows } = await db.pool.query('SELECT * FROM rm_audit_log WHERE event_id = $1', [event.metadata.eventId]);
      expect(rows[0]).toMatchObject({
        stream_type: 'wallet',
        event_type: 'FundsDeposited',
        actor_type: 'user',
        actor_id: 'agent-42',
        correlation_id: ctx.correlationId,
        causation_id: null,
      });
      expect(streamType('ticket-1-2')).toBe('ticket');
    });

    it('neither loses nor repeats an event when its process is killed mid-batch', async () => {
      await new SubscriptionRunner(db.store, db.pool, [auditLogProjection]).rebuild('audit-log');
      await appendSample(db.store, 4, 50);
      const before = await missingOrExtra(db.pool);
      expect(before.missing).toBe(200);

      const child = spawn(process.execPath, ['--import', 'tsx', 'test/support/projection-child.ts', db.url, '30'], {
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      let applied = 0;
      const killed = new Promise<void>((resolve) => {
        child.stdout.on('data', (chunk: Buffer) => {
          applied += chunk
            .toString()
            .split('\n')
            .filter((l) => l.startsWith('applied')).length;
          // Killed while a batch's rows are written but not yet committed.
          if (applied >= 3 && !child.killed) child.kill('SIGKILL');
        });
        child.on('exit', () => resolve());
      });
      await killed;
      expect(applied).toBeGreaterThanOrEqual(3);

      const afterKill = await missingOrExtra(db.pool);
      expect(afterKill.extra).toBe(0);
      expect(afterKill.missing).toBeGreaterThan(0); // the killed batch was rolled back
      expect(afterKill.missing).toBeLessThan(200); // earlier batches were committed

      const resumed = new SubscriptionRunner(db.store, db.pool, [auditLogProjection]);
      await resumed.catchUp('audit-log');
      expect(await missingOrExtra(db.pool)).toMatchObject({ missing: 0, extra: 0 });
      const after = await missingOrExtra(db.pool);
      expect(after.rows).toBe(after.events);
    });
  });
}

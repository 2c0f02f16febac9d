import { randomUUID } from 'node:crypto';
import { beforeAll, expect, it } from 'vitest';

import { auditLogProjection } from '../../../../projections/audit/audit-log/audit-log.projection.js';
import { useIsolatedStore } from '../../../../test/support/isolated-database.js';
import { describeOn, oneDatabase } from '../../../../test/support/test-databases.js';
import { newEvent, type CommandContext } from '../../../platform/event-store/new-event.js';
import type { PostgresEventStore } from '../../../platform/event-store/postgres-event-store.js';
import { inTransaction, type SqlPool } from '../../../platform/persistence/sql.js';
import { SubscriptionRunner } from '../../../platform/projections/subscription-runner.js';
import { auditEventDetail, auditLogPage, auditPageQuery } from './audit-log.query.js';

for (const database of oneDatabase()) {
  describeOn(database, `audit log pages on ${database.name}`, () => {
    // The projection reads the whole event store: a database of its own keeps other files' events out.
    const isolated = useIsolatedStore(database);
    let pool: SqlPool;
    let store: PostgresEventStore;
    const adminId = randomUUID();
    const adminEmail = `audit-admin-${adminId.slice(0, 8)}@agents.test`;
    const correlationId = randomUUID();
    const codeStream = `accesscode-${randomUUID()}`;
    const start = new Date(Date.UTC(2031, 0, 1, 9, 0, 0));
    const context = (minutes: number, causationId: string | null = null): CommandContext => ({
      actor: { type: 'user', id: adminId },
      correlationId,
      causationId,
      now: new Date(start.getTime() + minutes * 60_000),
    });

    beforeAll(async () => {
      ({ pool, store } = isolated);
      await pool.query('INSERT INTO users (id, email, email_confirmed_at) VALUES ($1, $2, now())', [adminId, adminEmail]);
      await pool.query('INSERT INTO profiles (user_id, email, display_name) VALUES ($1, $2, $3)', [adminId, adminEmail, 'Audit Admin']);
      // Seven events by one admin over seven minutes, one correlation; the first two in one stream.
      const created = newEvent(
        'AccessCodeCreated',
        { codeId: 'c', codeHash: 'secret-hash', label: 'Audit test code', grantsHours: 2, createdBy: adminId },
        context(0),
      );
      await store.append(codeStream, [created], { expectedVersion: 'no_stream' });
      await store.append(codeStream, [newEvent('AccessCodeDisabled', { codeId: 'c', disabledBy: adminId }, context(1, created.metadata.eventId))], {
        expectedVersion: 1n,
      });
      for (let minute = 2; minute < 7; minute++) {
        await store.append(`auditsample-${randomUUID()}`, [newEvent('AuditSampleRecorded', { minute }, context(minute))], { expectedVersion: 'no_stream' });
      }
      await new SubscriptionRunner(store, pool, [auditLogProjection]).catchUp('audit-log');
    });

    it('walks an actor’s events newest first, page by page, each once, with the actor’s name and e-mail', async () => {
      const seen: string[] = [];
      let cursor: string | undefined;
      let pages = 0;
      do {
        const page = await auditLogPage(pool, { actor: adminEmail }, 3, cursor);
        seen.push(...page.events.map((e) => e.occurredAt));
        for (const event of page.events) expect(event.actor).toEqual({ type: 'user', id: adminId, email: adminEmail, displayName: 'Audit Admin' });
        cursor = page.nextCursor ?? undefined;
        pages++;
      } while (cursor);
      expect(pages).toBe(3);
      expect(seen).toEqual([6, 5, 4, 3, 2, 1, 0].map((m) => new Date(start.getTime() + m * 60_000).toISOString()));
    });

    it('filters by type, stream and time range, and writes a readable summary', async () => {
      const created = await auditLogPage(pool, { actor: adminId, type: 'AccessCodeCreated' }, 50);
      expect(created.events.map((e) => e.summary)).toEqual([`Access code created: label Audit test code · created by ${adminEmail} · grants hours 2`]);
      const stream = await auditLogPage(pool, { stream: codeStream }, 50);
      expect(stream.events.map((e) => e.eventType)).toEqual(['AccessCodeDisabled', 'AccessCodeCreated']);
      const range = await auditLogPage(
        pool,
        { actor: adminEmail, from: new Date(start.getTime() + 2 * 60_000).toISOString(), to: new Date(start.getTime() + 4 * 60_000).toISOString() },
        50,
      );
      expect(range.events.map((e) => e.summary)).toEqual(['Audit sample recorded: minute 3', 'Audit sample recorded: minute 2']);
      expect((await auditLogPage(pool, { actor: 'nobody-at-all@agents.test' }, 50)).events).toEqual([]);
    });

    it('shows one event’s data (credentials redacted) and metadata, and its correlation chain in order', async () => {
      const [created] = (await auditLogPage(pool, { stream: codeStream, type: 'AccessCodeCreated' }, 1)).events;
      const detail = await auditEventDetail(pool, created!.eventId);
      expect(detail.event.data).toMatchObject({ codeHash: '[redacted]', label: 'Audit test code' });
      expect(detail.event.metadata).toEqual({
        eventId: created!.eventId,
        occurredAt: start.toISOString(),
        actor: { type: 'user', id: adminId },
        correlationId,
        causationId: null,
      });
      expect(detail.chain.map((e) => e.eventType)).toEqual(['AccessCodeCreated', 'AccessCodeDisabled', ...Array(5).fill('AuditSampleRecorded')]);
      expect(detail.chainTruncated).toBe(false);
    });

    it('refuses a forged cursor with a 400', async () => {
      await expect(auditLogPage(pool, {}, 10, Buffer.from('2031-01-01|x').toString('base64url'))).rejects.toMatchObject({ status: 400, code: 'BAD_CURSOR' });
    });

    // With sorting and sequential scans priced out, a plan whose index condition holds the
    // filter and the cursor, and that has no Sort node, shows that one index delivers the page
    // in order from where the last one ended: a page costs the same at the millionth row.
    it.each([
      ['no filter', {}, /Index Cond: \(ROW\(occurred_at, event_id\) < ROW/],
      ['actor', { actorId: 'x' }, /Index Cond: \(\(actor_id = 'x'::text\) AND \(ROW\(occurred_at, event_id\)/],
      ['type', { type: 'x' }, /Index Cond: \(\(event_type = 'x'::text\) AND \(ROW\(occurred_at, event_id\)/],
      ['stream', { stream: 'x' }, /Index Cond: \(\(stream_id = 'x'::text\) AND \(ROW\(occurred_at, event_id\)/],
      ['stream type', { streamType: 'x' }, /Index Cond: \(\(stream_type = 'x'::text\) AND \(ROW\(occurred_at, event_id\)/],
      [
        'actor and time range',
        { actorId: 'x', from: '2031-01-01T00:00:00Z', to: '2031-02-01T00:00:00Z' },
        /Index Cond: \(\(actor_id = 'x'::text\) AND \(occurred_at >= /,
      ],
    ])('reads a page filtered by %s from one index, from the cursor, without sorting', async (_name, filters, condition) => {
      const cursor = Buffer.from(`2031-01-01T09:00:00.000000Z|${randomUUID()}`).toString('base64url');
      const { sql, params } = auditPageQuery(filters, 50, cursor);
      const plan = await inTransaction(pool, async (tx) => {
        await tx.query('SET LOCAL enable_seqscan = off');
        await tx.query('SET LOCAL enable_sort = off');
        const explained = await tx.query(`EXPLAIN ${sql}`, params);
        return explained.rows.map((r: Record<string, string>) => r['QUERY PLAN']).join('\n');
      });
      expect(plan).not.toMatch(/Sort|Seq Scan|Filter:/);
      expect(plan).toMatch(condition);
    });
  });
}

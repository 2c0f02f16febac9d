import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';

import { recordSecurityEvent } from '../../../src/modules/security/contracts/security-events.js';
import { useIsolatedStore } from '../../../test/support/isolated-database.js';
import { liveThenRebuilt } from '../../../test/support/projection-check.js';
import { describeOn, oneDatabase } from '../../../test/support/test-databases.js';
import { securityEventsProjection } from './security-events.projection.js';

const ROWS = `SELECT e.event_id, e.event_type, e.severity, e.user_id, e.ip_address, e.user_agent, e.details, e.created_at, s.stream_id
              FROM rm_security_events e JOIN es_events s ON s.event_id = e.event_id ORDER BY e.created_at, e.event_type`;

for (const database of oneDatabase()) {
  describeOn(database, `security-events projection on ${database.name}`, () => {
    const db = useIsolatedStore(database);

    it('keeps one row per recorded security event with its severity, source and details, and a rebuild gives the same rows', async () => {
      const userId = randomUUID();
      const failures: unknown[] = [];
      const onError = (error: unknown) => failures.push(error);
      await recordSecurityEvent(
        db.store,
        'failed_login',
        { ip: '203.0.113.9', userAgent: 'probe-agent/1.0', userId: null },
        { email: 'nobody@agents.test' },
        onError,
      );
      await recordSecurityEvent(db.store, 'unauthorized_access', { ip: '203.0.113.10', userId }, { path: '/api/admin/users' }, onError);
      await recordSecurityEvent(db.store, 'access_code_attempt', { userId, userAgent: 'x'.repeat(600) }, { locked: true }, onError);
      expect(failures).toEqual([]);
      const { rows: recorded } = await db.pool.query<{ event_id: string }>(`SELECT event_id FROM es_events WHERE event_type = 'SecurityEventRecorded'`);
      expect(recorded).toHaveLength(3);

      const { live, rebuilt } = await liveThenRebuilt(db.store, db.pool, securityEventsProjection, ROWS);
      const byType = Object.fromEntries((live as { event_type: string }[]).map((row) => [row.event_type, row]));
      expect(byType).toMatchObject({
        failed_login: { severity: 'medium', user_id: null, ip_address: '203.0.113.9', user_agent: 'probe-agent/1.0', details: { email: 'nobody@agents.test' } },
        unauthorized_access: { severity: 'high', user_id: userId, ip_address: '203.0.113.10', user_agent: null, details: { path: '/api/admin/users' } },
        access_code_attempt: { severity: 'medium', user_id: userId, ip_address: null, user_agent: 'x'.repeat(500), details: { locked: true } },
      });
      // Each row is its event: same id, in a stream of its own.
      for (const row of live as { event_id: string; stream_id: string; created_at: unknown }[]) {
        expect(row.stream_id).toBe(`security-${row.event_id}`);
        expect(row.created_at).toBeInstanceOf(Date);
      }
      expect(new Set((live as { event_id: string }[]).map((r) => r.event_id))).toEqual(new Set(recorded.map((r) => r.event_id)));
      expect(rebuilt).toEqual(live);
    });
  });
}

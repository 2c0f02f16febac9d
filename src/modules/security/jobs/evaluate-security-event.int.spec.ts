import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeOn, everyDatabase } from '../../../../test/support/test-databases.js';
import { createPool, type SqlPool } from '../../../platform/persistence/sql.js';
import type { SecurityEventType } from '../contracts/security-events.js';
import { evaluateSecurityEvent, type EvaluationInput } from './evaluate-security-event.job.js';

for (const database of everyDatabase()) {
  describeOn(database, `security alerts on ${database.name}`, () => {
    let pool: SqlPool;
    beforeAll(() => {
      pool = createPool(database.url, 4);
    });
    afterAll(async () => pool.end());

    const event = (eventType: SecurityEventType, who: { userId?: string; ip?: string }, secondsAgo = 0): EvaluationInput => ({
      eventType,
      severity: 'medium',
      userId: who.userId ?? null,
      ipAddress: who.ip ?? null,
      userAgent: null,
      details: {},
      eventId: randomUUID(),
      occurredAt: new Date(Date.now() - secondsAgo * 1000).toISOString(),
      correlationId: randomUUID(),
    });

    it('raises one alert on the 5th failed login in 5 minutes, clears the window, and counts a re-run once', async () => {
      const userId = randomUUID();
      const results = [];
      const first = event('failed_login', { userId });
      results.push(await evaluateSecurityEvent(pool, first));
      results.push(await evaluateSecurityEvent(pool, first)); // the same event evaluated again
      for (let i = 0; i < 3; i++) results.push(await evaluateSecurityEvent(pool, event('failed_login', { userId })));
      expect(results.flat()).toEqual([]);

      const fifth = await evaluateSecurityEvent(pool, event('failed_login', { userId }));
      expect(fifth).toEqual([{ alertId: expect.any(String), alertType: 'failed_login', subject: `user:${userId}`, eventCount: 5 }]);
      const { rows } = await pool.query('SELECT severity, status, event_count, details FROM security_alerts WHERE alert_id = $1', [fifth[0]!.alertId]);
      expect(rows[0]).toMatchObject({ severity: 'high', status: 'active', event_count: 5 });
      expect(rows[0].details.events).toHaveLength(5);
      // The window was cleared: the next failure starts a new count.
      expect(await evaluateSecurityEvent(pool, event('failed_login', { userId }))).toEqual([]);
      const outbox = await pool.query(`SELECT count(*)::int AS n FROM outbox_events WHERE stream_id = $1`, [`securityalert-${fifth[0]!.alertId}`]);
      expect(outbox.rows[0].n).toBe(1);
    });

    it('counts only inside the window, per type, per user and per address', async () => {
      const userId = randomUUID();
      const ip = `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
      for (const secondsAgo of [700, 650]) await evaluateSecurityEvent(pool, event('access_code_attempt', { userId }, secondsAgo));
      // Two old attempts (over 10 minutes ago) and one new one: below 3 within the window.
      expect(await evaluateSecurityEvent(pool, event('access_code_attempt', { userId }))).toEqual([]);
      const unauthorized = [];
      for (let i = 0; i < 3; i++) unauthorized.push(...(await evaluateSecurityEvent(pool, event('unauthorized_access', { ip }))));
      expect(unauthorized.map((a) => a.subject)).toEqual([`ip:${ip}`]);
      expect((await evaluateSecurityEvent(pool, event('rate_limit_exceeded', { ip }))).map((a) => a.alertType)).toEqual(['rate_limit_exceeded']);
    });
  });
}

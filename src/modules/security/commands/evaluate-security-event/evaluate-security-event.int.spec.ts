import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';

import { inParallel } from '../../../../../test/support/parallel.js';
import { describeOn, oneDatabase } from '../../../../../test/support/test-databases.js';
import { createPool, type SqlPool } from '../../../../platform/persistence/sql.js';
import type { SecurityEventType } from '../../contracts/security-events.js';
import { evaluationContext } from '../../jobs/evaluate-security-event.job.js';
import { EvaluateSecurityEvent, type EvaluateSecurityEventInput } from './evaluate-security-event.command.js';
import { EvaluateSecurityEventHandler } from './evaluate-security-event.handler.js';

for (const database of oneDatabase()) {
  describeOn(database, `security alerts on ${database.name}`, () => {
    let pool: SqlPool;
    beforeAll(() => {
      pool = createPool(database.url, 4);
    });
    afterAll(async () => pool.end());
    const evaluateSecurityEvent = (input: EvaluateSecurityEventInput) =>
      new EvaluateSecurityEventHandler(pool).execute(new EvaluateSecurityEvent(input, evaluationContext(input)));

    const event = (eventType: SecurityEventType, who: { userId?: string; ip?: string }, secondsAgo = 0): EvaluateSecurityEventInput => ({
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

    const alertsOf = async (subject: string) =>
      (await pool.query('SELECT alert_id, status, event_count, details, last_seen_at FROM security_alerts WHERE subject = $1 ORDER BY created_at', [subject]))
        .rows;
    const raisedEvents = async (alertId: string) =>
      (
        await pool.query(`SELECT count(*)::int AS n FROM outbox_events WHERE stream_id = $1 AND event->>'type' = 'SecurityAlertRaised'`, [
          `securityalert-${alertId}`,
        ])
      ).rows[0].n;

    it('raises one alert on the 5th failed login in 5 minutes; later failures join it, a re-run counts once', async () => {
      const userId = randomUUID();
      const results = [];
      const first = event('failed_login', { userId });
      results.push(await evaluateSecurityEvent(first));
      results.push(await evaluateSecurityEvent(first)); // the same event evaluated again
      for (let i = 0; i < 3; i++) results.push(await evaluateSecurityEvent(event('failed_login', { userId })));
      expect(results.flat()).toEqual([]);

      const fifth = await evaluateSecurityEvent(event('failed_login', { userId }));
      expect(fifth).toEqual([{ alertId: expect.any(String), alertType: 'failed_login', subject: `user:${userId}`, eventCount: 5 }]);
      const { rows } = await pool.query('SELECT severity, status, event_count, details FROM security_alerts WHERE alert_id = $1', [fifth[0]!.alertId]);
      expect(rows[0]).toMatchObject({ severity: 'high', status: 'active', event_count: 5 });
      expect(rows[0].details.events).toHaveLength(5);

      // While it is active, the next failure joins it (once, however often it is evaluated).
      const sixth = event('failed_login', { userId });
      expect(await evaluateSecurityEvent(sixth)).toEqual([]);
      expect(await evaluateSecurityEvent(sixth)).toEqual([]);
      const [joined] = await alertsOf(`user:${userId}`);
      expect(joined).toMatchObject({ alert_id: fifth[0]!.alertId, event_count: 6 });
      expect(joined.details.events).toContain(sixth.eventId);
      expect(new Date(joined.last_seen_at).toISOString()).toBe(sixth.occurredAt);
      expect(await raisedEvents(fifth[0]!.alertId)).toBe(1);

      // Once resolved, a new window starts: four more failures raise nothing.
      await pool.query(`UPDATE security_alerts SET status = 'resolved' WHERE alert_id = $1`, [fifth[0]!.alertId]);
      for (let i = 0; i < 4; i++) expect(await evaluateSecurityEvent(event('failed_login', { userId }))).toEqual([]);
      expect(await alertsOf(`user:${userId}`)).toHaveLength(1);
    });

    it('a burst of 30 events at once from one address raises one alert that counts all 30', async () => {
      const ip = `10.8.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
      const raised = (await inParallel(30, () => evaluateSecurityEvent(event('rate_limit_exceeded', { ip })))).flat();
      expect(raised).toHaveLength(1);
      const alerts = await alertsOf(`ip:${ip}`);
      expect(alerts).toHaveLength(1);
      expect(alerts[0]).toMatchObject({ alert_id: raised[0]!.alertId, status: 'active', event_count: 30 });
      expect(alerts[0].details.events).toHaveLength(30);
      expect(await raisedEvents(raised[0]!.alertId)).toBe(1);
    });

    it('keeps one active alert per type and subject in the database itself', async () => {
      const subject = `ip:10.7.${Math.floor(Math.random() * 250)}.1`;
      const insert = () =>
        pool.query(
          `INSERT INTO security_alerts (alert_id, alert_type, subject, event_count, details, last_seen_at) VALUES ($1, 'failed_login', $2, 5, '{"events":[]}', now())`,
          [randomUUID(), subject],
        );
      await insert();
      await expect(insert()).rejects.toMatchObject({ code: '23505' });
    });

    it('counts only inside the window, per type, per user and per address', async () => {
      const userId = randomUUID();
      const ip = `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
      for (const secondsAgo of [700, 650]) await evaluateSecurityEvent(event('access_code_attempt', { userId }, secondsAgo));
      // Two old attempts (over 10 minutes ago) and one new one: below 3 within the window.
      expect(await evaluateSecurityEvent(event('access_code_attempt', { userId }))).toEqual([]);
      const unauthorized = [];
      for (let i = 0; i < 3; i++) unauthorized.push(...(await evaluateSecurityEvent(event('unauthorized_access', { ip }))));
      expect(unauthorized.map((a) => a.subject)).toEqual([`ip:${ip}`]);
      expect((await evaluateSecurityEvent(event('rate_limit_exceeded', { ip }))).map((a) => a.alertType)).toEqual(['rate_limit_exceeded']);
    });
  });
}

import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type pg from 'pg';

import { newEvent } from '../../../../platform/event-store/new-event.js';
import { outboxCommitted, recordInOutbox } from '../../../../platform/event-store/outbox.js';
import { inTransaction } from '../../../../platform/persistence/sql.js';
import { SQL_POOL } from '../../../../platform/tokens.js';
import { ALERT_THRESHOLDS } from '../../domain/alert-thresholds.js';
import { EvaluateSecurityEvent, type RaisedAlert } from './evaluate-security-event.command.js';

/** Event ids kept on an alert (the count goes on beyond them); enough to find a burst's events. */
const KEPT_EVENT_IDS = 1_000;

/**
 * While an alert of the event's type is active for its user or address, the event joins it
 * (count, last seen): a burst raises one alert and one mail, not one per event. Otherwise the
 * event goes into that subject's sliding window; when a window reaches its threshold, an alert
 * is raised (a SecurityAlertRaised event, through the outbox) and the window is cleared.
 * Idempotent: a re-run adds no window row twice and joins no alert twice.
 */
@CommandHandler(EvaluateSecurityEvent)
export class EvaluateSecurityEventHandler implements ICommandHandler<EvaluateSecurityEvent, RaisedAlert[]> {
  constructor(@Inject(SQL_POOL) private readonly pool: pg.Pool) {}

  async execute({ input, context }: EvaluateSecurityEvent): Promise<RaisedAlert[]> {
    const threshold = ALERT_THRESHOLDS[input.eventType];
    if (!threshold) return [];
    const subjects = [input.userId ? `user:${input.userId}` : null, input.ipAddress ? `ip:${input.ipAddress}` : null].filter((s): s is string => s !== null);
    const raised = await inTransaction(this.pool, async (tx) => {
      const alerts: RaisedAlert[] = [];
      for (const subject of subjects) {
        // Concurrent evaluations of one subject take turns, so no count is missed or doubled.
        await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [subject]);
        const joined = await tx.query(
          `UPDATE security_alerts
              SET event_count = event_count + CASE WHEN details->'events' ? $3 THEN 0 ELSE 1 END,
                  last_seen_at = greatest(last_seen_at, $4::timestamptz),
                  details = CASE WHEN details->'events' ? $3 OR jsonb_array_length(details->'events') >= $5 THEN details
                                 ELSE jsonb_set(details, '{events}', (details->'events') || to_jsonb($3::text)) END,
                  updated_at = now()
            WHERE alert_type = $1 AND subject = $2 AND status = 'active'`,
          [input.eventType, subject, input.eventId, input.occurredAt, KEPT_EVENT_IDS],
        );
        if (joined.rowCount) continue;
        await tx.query(`INSERT INTO security_alert_windows (event_id, subject, event_type, occurred_at) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING`, [
          input.eventId,
          subject,
          input.eventType,
          input.occurredAt,
        ]);
        const { rows } = await tx.query<{ event_id: string }>(
          `SELECT event_id FROM security_alert_windows
            WHERE subject = $1 AND event_type = $2 AND occurred_at > $3::timestamptz - make_interval(mins => $4)
            ORDER BY occurred_at`,
          [subject, input.eventType, input.occurredAt, threshold.windowMinutes],
        );
        if (rows.length < threshold.count) continue;
        const alertId = randomUUID();
        const message = `${rows.length} ${input.eventType} events within ${threshold.windowMinutes} minute(s) for ${subject}`;
        await tx.query(
          `INSERT INTO security_alerts (alert_id, alert_type, subject, user_id, ip_address, event_count, details, last_seen_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
          [
            alertId,
            input.eventType,
            subject,
            subject.startsWith('user:') ? input.userId : null,
            subject.startsWith('ip:') ? input.ipAddress : null,
            rows.length,
            JSON.stringify({ events: rows.map((r) => r.event_id), message }),
            input.occurredAt,
          ],
        );
        await tx.query('DELETE FROM security_alert_windows WHERE subject = $1 AND event_type = $2', [subject, input.eventType]);
        const raisedEvent = newEvent('SecurityAlertRaised', { alertId, alertType: input.eventType, subject, eventCount: rows.length, message }, context);
        await recordInOutbox(tx, `securityalert-${alertId}`, [raisedEvent]);
        alerts.push({ alertId, alertType: input.eventType, subject, eventCount: rows.length });
      }
      // Windows only ever matter for their last few minutes.
      await tx.query(`DELETE FROM security_alert_windows WHERE occurred_at < now() - interval '1 hour'`);
      return alerts;
    });
    if (raised.length > 0) outboxCommitted();
    return raised;
  }
}

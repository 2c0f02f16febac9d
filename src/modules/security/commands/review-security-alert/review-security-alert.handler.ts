import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type pg from 'pg';

import { newEvent } from '../../../../platform/event-store/new-event.js';
import { outboxCommitted, recordInOutbox } from '../../../../platform/event-store/outbox.js';
import { ApiError } from '../../../../platform/http/api-error.js';
import { inTransaction } from '../../../../platform/persistence/sql.js';
import { SQL_POOL } from '../../../../platform/tokens.js';
import { alertTransitionRefusal, type AlertStatus } from '../../domain/alert-status.js';
import { ReviewSecurityAlert } from './review-security-alert.command.js';

export type SecurityAlertStatusChanged = {
  readonly type: 'SecurityAlertAcknowledged' | 'SecurityAlertResolved';
  readonly data: { readonly alertId: string; readonly alertType: string; readonly subject: string; readonly from: AlertStatus; readonly note: string | null };
};

/** An admin acknowledges or resolves an alert: an event with the admin as actor; the row is locked, so two admins at once make one change. */
@CommandHandler(ReviewSecurityAlert)
export class ReviewSecurityAlertHandler implements ICommandHandler<ReviewSecurityAlert, void> {
  constructor(@Inject(SQL_POOL) private readonly pool: pg.Pool) {}

  async execute({ input: { alertId, status, note }, context }: ReviewSecurityAlert): Promise<void> {
    await inTransaction(this.pool, async (tx) => {
      const { rows } = await tx.query<{ status: AlertStatus; alert_type: string; subject: string }>(
        'SELECT status, alert_type, subject FROM security_alerts WHERE alert_id = $1 FOR UPDATE',
        [alertId],
      );
      const alert = rows[0];
      if (!alert) throw new ApiError(404, 'NOT_FOUND', 'No such alert.');
      const refusal = alertTransitionRefusal(alert.status, status);
      if (refusal) throw new ApiError(409, 'ALERT_STATUS_CONFLICT', refusal);
      await tx.query(`UPDATE security_alerts SET status = $2, note = coalesce($3, note), updated_at = now() WHERE alert_id = $1`, [
        alertId,
        status,
        note || null,
      ]);
      const changed = newEvent<SecurityAlertStatusChanged['type'], SecurityAlertStatusChanged['data']>(
        status === 'acknowledged' ? 'SecurityAlertAcknowledged' : 'SecurityAlertResolved',
        { alertId, alertType: alert.alert_type, subject: alert.subject, from: alert.status, note: note || null },
        context,
      );
      await recordInOutbox(tx, `securityalert-${alertId}`, [changed]);
    });
    outboxCommitted();
  }
}

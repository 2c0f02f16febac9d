import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type pg from 'pg';

import { SQL_POOL } from '../../../../platform/tokens.js';
import { ABANDONED_AFTER_MS, DeliverySender, RESEND_BATCH } from '../../delivery/delivery-sender.js';
import { SweepDeliveries } from './sweep-deliveries.command.js';

/**
 * Deliveries whose next attempt is overdue by a minute (their job was lost, e.g. with a
 * queue that was emptied, or its process died mid-request) get it again; if the old job
 * still runs too, only one of them claims the attempt.
 */
@CommandHandler(SweepDeliveries)
export class SweepDeliveriesHandler implements ICommandHandler<SweepDeliveries, number> {
  constructor(
    @Inject(SQL_POOL) private readonly pool: pg.Pool,
    private readonly sender: DeliverySender,
  ) {}

  async execute(): Promise<number> {
    // An attempt claimed but never logged (abandoned) is made again under its own number.
    const { rows } = await this.pool.query<{ delivery_id: string; attempt: number }>(
      `SELECT d.delivery_id,
              CASE WHEN d.attempts > 0 AND NOT EXISTS (SELECT 1 FROM delivery_attempts a WHERE a.delivery_id = d.delivery_id AND a.attempt = d.attempts) THEN d.attempts ELSE d.attempts + 1 END AS attempt
         FROM lead_deliveries d
        WHERE d.status = 'pending' AND NOT d.is_test AND COALESCE(d.next_attempt_at, d.updated_at) < now() - make_interval(secs => $2) ORDER BY d.updated_at LIMIT $1`,
      [RESEND_BATCH, Math.max(ABANDONED_AFTER_MS, 60_000) / 1000],
    );
    // A job id of its own: the lost attempt's job may be on record as done (it lost its claim).
    const sweep = Math.floor(Date.now() / 60_000);
    for (const row of rows) await this.sender.enqueueAttempt(row.delivery_id, row.attempt, 'automatic', 0, `sweep-${sweep}`);
    return rows.length;
  }
}

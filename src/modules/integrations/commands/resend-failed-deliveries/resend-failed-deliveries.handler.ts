import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type pg from 'pg';

import { DomainError } from '../../../../platform/domain/domain-error.js';
import { SQL_POOL } from '../../../../platform/tokens.js';
import { ownIntegration } from '../../delivery/agent-integrations.js';
import { DeliverySender, RESEND_BATCH } from '../../delivery/delivery-sender.js';
import { ResendFailedDeliveries } from './resend-failed-deliveries.command.js';

/** Every failed (or held) delivery of one integration since a time, sent again (at most RESEND_BATCH at once). */
@CommandHandler(ResendFailedDeliveries)
export class ResendFailedDeliveriesHandler implements ICommandHandler<ResendFailedDeliveries, { resent: number }> {
  constructor(
    @Inject(SQL_POOL) private readonly pool: pg.Pool,
    private readonly sender: DeliverySender,
  ) {}

  async execute({ input: { integrationId, since }, context }: ResendFailedDeliveries): Promise<{ resent: number }> {
    const userId = context.actor.id;
    const integration = await ownIntegration(this.pool, userId, integrationId);
    if (!integration.is_active) throw new DomainError('INTEGRATION_NOT_CONNECTED', 'Turn this integration back on before resending its leads.', 409);
    const { rows } = await this.pool.query<{ delivery_id: string; attempts: number }>(
      `UPDATE lead_deliveries SET status = 'pending', final_attempt = true, next_attempt_at = now(), updated_at = now()
        WHERE delivery_id IN (SELECT delivery_id FROM lead_deliveries WHERE integration_id = $1 AND user_id = $2 AND status IN ('failed', 'held') AND NOT is_test AND created_at >= $3
                               ORDER BY created_at LIMIT $4 FOR UPDATE SKIP LOCKED)
        RETURNING delivery_id, attempts`,
      [integrationId, userId, since, RESEND_BATCH],
    );
    for (const row of rows) await this.sender.enqueueAttempt(row.delivery_id, row.attempts + 1, 'manual', 0);
    this.sender.publish(userId);
    return { resent: rows.length };
  }
}

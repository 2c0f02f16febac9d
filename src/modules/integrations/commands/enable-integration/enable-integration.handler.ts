import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type pg from 'pg';

import { DomainError } from '../../../../platform/domain/domain-error.js';
import { systemContext } from '../../../../platform/event-store/new-event.js';
import { outboxCommitted, recordInOutbox } from '../../../../platform/event-store/outbox.js';
import { inTransaction } from '../../../../platform/persistence/sql.js';
import { SQL_POOL } from '../../../../platform/tokens.js';
import { integrationEvent, integrationStream, type IntegrationProvider } from '../../contracts/integration-events.js';
import { ownIntegration } from '../../delivery/agent-integrations.js';
import { DeliverySender } from '../../delivery/delivery-sender.js';
import { EnableIntegration } from './enable-integration.command.js';

/** Turns an automatically disabled integration back on; with `replay`, what it missed (held, and failed since it began failing) is sent. */
@CommandHandler(EnableIntegration)
export class EnableIntegrationHandler implements ICommandHandler<EnableIntegration, { replayed: number; skipped: number }> {
  constructor(
    @Inject(SQL_POOL) private readonly pool: pg.Pool,
    private readonly sender: DeliverySender,
  ) {}

  async execute({ input: { integrationId, replay }, context }: EnableIntegration): Promise<{ replayed: number; skipped: number }> {
    const userId = context.actor.id;
    const result = await inTransaction(this.pool, async (tx) => {
      const { rows } = await tx.query<{ failing_since: Date | null; disabled_at: Date; provider: IntegrationProvider }>(
        `UPDATE integration_configs c SET is_active = true, disabled_at = NULL, disabled_reason = NULL, failing_since = NULL, updated_at = now()
           FROM (SELECT integration_id, failing_since, disabled_at FROM integration_configs WHERE integration_id = $1 AND user_id = $2 FOR UPDATE) AS before
          WHERE c.integration_id = before.integration_id AND before.disabled_at IS NOT NULL
          RETURNING before.failing_since, before.disabled_at, c.provider`,
        [integrationId, userId],
      );
      const before = rows[0];
      if (!before) {
        await ownIntegration(tx, userId, integrationId);
        throw new DomainError('INTEGRATION_NOT_DISABLED', 'This integration was not turned off automatically.', 409);
      }
      const missedSince = before.failing_since ?? before.disabled_at;
      const { rows: missed } = replay
        ? await tx.query<{ delivery_id: string; attempts: number }>(
            `UPDATE lead_deliveries SET status = 'pending', final_attempt = (status = 'failed'), last_error = NULL, next_attempt_at = now(), updated_at = now()
              WHERE integration_id = $1 AND NOT is_test AND (status = 'held' OR (status = 'failed' AND updated_at >= $2)) RETURNING delivery_id, attempts`,
            [integrationId, missedSince],
          )
        : { rows: [] };
      const skipped = replay
        ? 0
        : ((
            await tx.query(
              `UPDATE lead_deliveries SET status = 'skipped', last_error = 'Not sent: skipped when the integration was turned back on', updated_at = now() WHERE integration_id = $1 AND status = 'held'`,
              [integrationId],
            )
          ).rowCount ?? 0);
      await recordInOutbox(tx, integrationStream(integrationId), [
        integrationEvent(
          'IntegrationEnabled',
          { integrationId, userId, provider: before.provider, replayed: missed.length, skipped },
          systemContext('integration-enable'),
        ),
      ]);
      return { missed, skipped };
    });
    outboxCommitted();
    for (const row of result.missed) await this.sender.enqueueAttempt(row.delivery_id, row.attempts + 1, 'replay', 0);
    this.sender.publish(userId);
    return { replayed: result.missed.length, skipped: result.skipped };
  }
}

import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type pg from 'pg';

import { DomainError } from '../../../../platform/domain/domain-error.js';
import { outboxCommitted, recordInOutbox } from '../../../../platform/event-store/outbox.js';
import { inTransaction } from '../../../../platform/persistence/sql.js';
import { SQL_POOL } from '../../../../platform/tokens.js';
import { integrationEvent, integrationStream } from '../../contracts/integration-events.js';
import { DisconnectIntegration } from './disconnect-integration.command.js';

/** Disconnecting keeps the row (and its delivery history) but makes it inactive. */
@CommandHandler(DisconnectIntegration)
export class DisconnectIntegrationHandler implements ICommandHandler<DisconnectIntegration, { integrationId: string; connected: false }> {
  constructor(@Inject(SQL_POOL) private readonly pool: pg.Pool) {}

  async execute({ input: change, context }: DisconnectIntegration): Promise<{ integrationId: string; connected: false }> {
    const userId = context.actor.id;
    const result = await inTransaction(this.pool, async (tx) => {
      const { rows } = await tx.query<{ integration_id: string }>(
        `UPDATE integration_configs SET is_active = false, updated_at = now() WHERE user_id = $1 AND provider = $2 AND is_active RETURNING integration_id`,
        [userId, change.providerId],
      );
      if (!rows[0]) throw new DomainError('INTEGRATION_NOT_CONNECTED', 'This integration is not connected.', 409);
      await recordInOutbox(tx, integrationStream(rows[0].integration_id), [
        integrationEvent('IntegrationDisconnected', { integrationId: rows[0].integration_id, userId, provider: change.providerId }, context),
      ]);
      return { integrationId: rows[0].integration_id, connected: false as const };
    });
    outboxCommitted();
    return result;
  }
}

import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type pg from 'pg';

import { outboxCommitted } from '../../../../platform/event-store/outbox.js';
import { inTransaction } from '../../../../platform/persistence/sql.js';
import { SQL_POOL } from '../../../../platform/tokens.js';
import { customEventRecorder, owned, type CustomIntegrationChanged } from '../../services/custom-integrations.js';
import { DeleteCustomIntegration } from './delete-custom-integration.command.js';

/** Deletes a custom integration: it receives nothing more and its secrets are erased; the row and its delivery history stay. */
@CommandHandler(DeleteCustomIntegration)
export class DeleteCustomIntegrationHandler implements ICommandHandler<DeleteCustomIntegration, CustomIntegrationChanged> {
  constructor(@Inject(SQL_POOL) private readonly pool: pg.Pool) {}

  async execute({ input, context }: DeleteCustomIntegration): Promise<CustomIntegrationChanged> {
    const userId = context.actor.id;
    const result = await inTransaction(this.pool, async (tx) => {
      const record = customEventRecorder(tx, userId, context);
      await owned(tx, userId, input.integrationId);
      await tx.query(`UPDATE integration_configs SET is_active = false, deleted_at = now(), updated_at = now() WHERE integration_id = $1`, [
        input.integrationId,
      ]);
      await tx.query('DELETE FROM integration_secrets WHERE integration_id = $1', [input.integrationId]);
      await record(input.integrationId, 'CustomIntegrationDeleted');
      return { integrationId: input.integrationId };
    });
    outboxCommitted();
    return result;
  }
}

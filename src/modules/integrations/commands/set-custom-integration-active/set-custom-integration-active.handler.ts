import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type pg from 'pg';

import { outboxCommitted } from '../../../../platform/event-store/outbox.js';
import { inTransaction } from '../../../../platform/persistence/sql.js';
import { SQL_POOL } from '../../../../platform/tokens.js';
import { customEventRecorder, owned, type CustomIntegrationChanged } from '../../services/custom-integrations.js';
import { SetCustomIntegrationActive } from './set-custom-integration-active.command.js';

/** Activates or deactivates a custom integration; an inactive one receives no leads. */
@CommandHandler(SetCustomIntegrationActive)
export class SetCustomIntegrationActiveHandler implements ICommandHandler<SetCustomIntegrationActive, CustomIntegrationChanged> {
  constructor(@Inject(SQL_POOL) private readonly pool: pg.Pool) {}

  async execute({ input, context }: SetCustomIntegrationActive): Promise<CustomIntegrationChanged> {
    const userId = context.actor.id;
    const result = await inTransaction(this.pool, async (tx) => {
      const record = customEventRecorder(tx, userId, context);
      const saved = await owned(tx, userId, input.integrationId);
      if (saved.is_active !== input.active) {
        await tx.query(
          `UPDATE integration_configs SET is_active = $2, connected_at = CASE WHEN $2 THEN now() ELSE connected_at END, updated_at = now(),
                  failing_since = NULL, disabled_at = CASE WHEN $2 THEN NULL ELSE disabled_at END, disabled_reason = CASE WHEN $2 THEN NULL ELSE disabled_reason END
            WHERE integration_id = $1`,
          [input.integrationId, input.active],
        );
        await record(input.integrationId, input.active ? 'CustomIntegrationActivated' : 'CustomIntegrationDeactivated');
      }
      return { integrationId: input.integrationId };
    });
    outboxCommitted();
    return result;
  }
}

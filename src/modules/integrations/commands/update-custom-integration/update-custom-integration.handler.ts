import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type pg from 'pg';

import { DomainError } from '../../../../platform/domain/domain-error.js';
import { outboxCommitted } from '../../../../platform/event-store/outbox.js';
import { inTransaction } from '../../../../platform/persistence/sql.js';
import type { SecretCipher } from '../../../../platform/secrets/secret-cipher.js';
import { SECRET_CIPHER, SQL_POOL } from '../../../../platform/tokens.js';
import { customSettings } from '../../domain/custom-integration.js';
import { customEventRecorder, owned, saveSecrets, type CustomIntegrationChanged } from '../../services/custom-integrations.js';
import { UpdateCustomIntegration } from './update-custom-integration.command.js';

/** Saves a custom integration's form again: an absent API key or headers keeps the saved one; the type stays. */
@CommandHandler(UpdateCustomIntegration)
export class UpdateCustomIntegrationHandler implements ICommandHandler<UpdateCustomIntegration, CustomIntegrationChanged> {
  constructor(
    @Inject(SQL_POOL) private readonly pool: pg.Pool,
    @Inject(SECRET_CIPHER) private readonly cipher: SecretCipher,
  ) {}

  async execute({ input, context }: UpdateCustomIntegration): Promise<CustomIntegrationChanged> {
    const userId = context.actor.id;
    const result = await inTransaction(this.pool, async (tx) => {
      const record = customEventRecorder(tx, userId, context);
      const saved = await owned(tx, userId, input.integrationId);
      if (saved.settings.type !== input.form.type) {
        throw new DomainError(
          'CUSTOM_INTEGRATION_TYPE_FIXED',
          `This is ${saved.settings.type === 'link' ? 'a link' : 'an API'} integration and stays one: add a new integration of the other type instead.`,
          422,
        );
      }
      const settings = customSettings(input.form, saved.settings.type === 'api' ? saved.settings.headerNames : []);
      const active = input.form.status === undefined ? saved.is_active : input.form.status === 'active';
      await tx.query(
        `UPDATE integration_configs SET settings = $2, is_active = $3, connected_at = CASE WHEN $3 AND NOT is_active THEN now() ELSE connected_at END, updated_at = now(),
                failing_since = CASE WHEN $3 AND NOT is_active THEN NULL ELSE failing_since END, disabled_at = CASE WHEN $3 THEN NULL ELSE disabled_at END, disabled_reason = CASE WHEN $3 THEN NULL ELSE disabled_reason END
          WHERE integration_id = $1`,
        [input.integrationId, JSON.stringify(settings), active],
      );
      const changed = await saveSecrets(tx, this.cipher, input.integrationId, input.form);
      await record(input.integrationId, 'CustomIntegrationUpdated', { settings, active, secretsChanged: changed });
      return { integrationId: input.integrationId };
    });
    outboxCommitted();
    return result;
  }
}

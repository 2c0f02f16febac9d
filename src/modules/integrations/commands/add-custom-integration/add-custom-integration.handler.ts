import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type pg from 'pg';

import { DomainError } from '../../../../platform/domain/domain-error.js';
import { outboxCommitted } from '../../../../platform/event-store/outbox.js';
import { lockKey } from '../../../../platform/persistence/advisory-lock.js';
import { inTransaction } from '../../../../platform/persistence/sql.js';
import { lastFour } from '../../../../platform/secrets/last-four.js';
import type { SecretCipher } from '../../../../platform/secrets/secret-cipher.js';
import { SECRET_CIPHER, SQL_POOL } from '../../../../platform/tokens.js';
import { newWebhookSecret } from '../../delivery/standard-webhooks.js';
import { CUSTOM_SECRETS, customSettings, MAX_CUSTOM_INTEGRATIONS } from '../../domain/custom-integration.js';
import { customEventRecorder, putSecret, saveSecrets, secretNames, type CustomIntegrationChanged } from '../../services/custom-integrations.js';
import { AddCustomIntegration } from './add-custom-integration.command.js';

/** Adds a custom integration (spec: insert_custom_integration); an API one gets a Standard Webhooks signing secret, answered this once. */
@CommandHandler(AddCustomIntegration)
export class AddCustomIntegrationHandler implements ICommandHandler<AddCustomIntegration, CustomIntegrationChanged> {
  constructor(
    @Inject(SQL_POOL) private readonly pool: pg.Pool,
    @Inject(SECRET_CIPHER) private readonly cipher: SecretCipher,
  ) {}

  async execute({ input, context }: AddCustomIntegration): Promise<CustomIntegrationChanged> {
    const userId = context.actor.id;
    const result = await inTransaction(this.pool, async (tx) => {
      const record = customEventRecorder(tx, userId, context);
      const { form } = input;
      // One agent's adds one at a time, so two at once cannot both take the last place.
      await lockKey(tx, 'custom-integrations', userId);
      const { rows: count } = await tx.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM integration_configs WHERE user_id = $1 AND provider = 'custom' AND deleted_at IS NULL`,
        [userId],
      );
      if (count[0]!.n >= MAX_CUSTOM_INTEGRATIONS) {
        throw new DomainError(
          'CUSTOM_INTEGRATION_LIMIT',
          `You can keep at most ${MAX_CUSTOM_INTEGRATIONS} custom integrations: delete one you no longer use first.`,
          409,
        );
      }
      const integrationId = randomUUID();
      const settings = customSettings(form);
      const active = form.status !== 'inactive';
      await tx.query(
        `INSERT INTO integration_configs (integration_id, user_id, provider, is_active, settings, connected_at) VALUES ($1, $2, 'custom', $3, $4, CASE WHEN $3 THEN now() END)`,
        [integrationId, userId, active, JSON.stringify(settings)],
      );
      await saveSecrets(tx, this.cipher, integrationId, form);
      const signingSecret = form.type === 'api' ? newWebhookSecret() : undefined;
      if (signingSecret) await putSecret(tx, this.cipher, integrationId, CUSTOM_SECRETS.signingSecret, signingSecret, lastFour(signingSecret));
      await record(integrationId, 'CustomIntegrationAdded', { settings, active, secrets: await secretNames(tx, integrationId) });
      return signingSecret ? { integrationId, signingSecret } : { integrationId };
    });
    outboxCommitted();
    return result;
  }
}

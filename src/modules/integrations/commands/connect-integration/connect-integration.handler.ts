import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type pg from 'pg';

import { outboxCommitted, recordInOutbox } from '../../../../platform/event-store/outbox.js';
import { inTransaction } from '../../../../platform/persistence/sql.js';
import { lastFour } from '../../../../platform/secrets/last-four.js';
import type { SecretCipher } from '../../../../platform/secrets/secret-cipher.js';
import { secretContext } from '../../../../platform/secrets/secret-columns.js';
import { SECRET_CIPHER, SQL_POOL } from '../../../../platform/tokens.js';
import { integrationEvent, integrationStream } from '../../contracts/integration-events.js';
import { PREVIOUS_SIGNING_SECRET } from '../../delivery/standard-webhooks.js';
import { INTEGRATION_SECRETS } from '../../integrations.secrets.js';
import { ConnectIntegration, type IntegrationChanged } from './connect-integration.command.js';

/**
 * An agent connects a provider (state-based rows, the change recorded as an event through the
 * outbox, never with a secret in it). Connecting again replaces the settings and secrets; the
 * portal's own secrets (a signing secret the receiver trusts) are kept.
 */
@CommandHandler(ConnectIntegration)
export class ConnectIntegrationHandler implements ICommandHandler<ConnectIntegration, IntegrationChanged> {
  constructor(
    @Inject(SQL_POOL) private readonly pool: pg.Pool,
    @Inject(SECRET_CIPHER) private readonly cipher: SecretCipher,
  ) {}

  async execute({ input: change, context }: ConnectIntegration): Promise<IntegrationChanged> {
    const userId = context.actor.id;
    const result = await inTransaction(this.pool, async (tx) => {
      const { rows } = await tx.query<{ integration_id: string }>(
        `INSERT INTO integration_configs (integration_id, user_id, provider, is_active, settings, connected_at) VALUES ($1, $2, $3, true, $4, now())
         ON CONFLICT (user_id, provider) WHERE provider <> 'custom' DO UPDATE SET is_active = true, settings = $4, connected_at = now(), updated_at = now(), failing_since = NULL, disabled_at = NULL, disabled_reason = NULL
         RETURNING integration_id`,
        [randomUUID(), userId, change.providerId, JSON.stringify(change.setup.settings)],
      );
      const integrationId = rows[0]!.integration_id;
      const generated = change.setup.generated ?? {};
      // The form's secrets are replaced; the portal's own (a signing secret the receiver already trusts, and one it replaced still in its grace period) are kept.
      await tx.query('DELETE FROM integration_secrets WHERE integration_id = $1 AND NOT (name = ANY($2::text[]))', [
        integrationId,
        [...Object.keys(generated), PREVIOUS_SIGNING_SECRET],
      ]);
      const seal = (name: string, value: string) => [
        integrationId,
        name,
        this.cipher.encrypt(value, secretContext(INTEGRATION_SECRETS, [integrationId, name])),
        lastFour(value),
      ];
      for (const [name, value] of Object.entries(change.setup.secrets)) {
        await tx.query('INSERT INTO integration_secrets (integration_id, name, value, last4) VALUES ($1, $2, $3, $4)', seal(name, value));
      }
      const revealed: Record<string, string> = {};
      for (const [name, value] of Object.entries(generated)) {
        const { rowCount } = await tx.query(
          'INSERT INTO integration_secrets (integration_id, name, value, last4) VALUES ($1, $2, $3, $4) ON CONFLICT (integration_id, name) DO NOTHING',
          seal(name, value),
        );
        if (rowCount) revealed[name] = value;
      }
      await recordInOutbox(tx, integrationStream(integrationId), [
        integrationEvent(
          'IntegrationConnected',
          {
            integrationId,
            userId,
            provider: change.providerId,
            settings: change.setup.settings,
            secrets: [...Object.keys(change.setup.secrets), ...Object.keys(generated)],
          },
          context,
        ),
      ]);
      return { integrationId, connected: true, revealed };
    });
    outboxCommitted();
    return result;
  }
}

import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type pg from 'pg';

import { DomainError } from '../../../platform/domain/domain-error.js';
import type { CommandContext } from '../../../platform/event-store/new-event.js';
import { outboxCommitted, recordInOutbox } from '../../../platform/event-store/outbox.js';
import { inTransaction } from '../../../platform/persistence/sql.js';
import { lastFour } from '../../../platform/secrets/last-four.js';
import type { SecretCipher } from '../../../platform/secrets/secret-cipher.js';
import { SECRET_COLUMNS, secretContext } from '../../../platform/secrets/secret-columns.js';
import { SECRET_CIPHER, SQL_POOL } from '../../../platform/tokens.js';
import { integrationEvent, integrationStream } from '../contracts/integration-events.js';
import { PREVIOUS_SIGNING_SECRET } from '../delivery/standard-webhooks.js';
import type { ProviderId, ProviderSetup } from '../domain/providers.js';

const SECRETS_COLUMN = SECRET_COLUMNS.find((column) => column.table === 'integration_secrets')!;

export type IntegrationChange = { type: 'connect'; providerId: ProviderId; setup: ProviderSetup } | { type: 'disconnect'; providerId: ProviderId };

/**
 * An agent's connection to a provider (state-based rows, each change recorded as an event
 * through the outbox, never with a secret in it). Connecting again replaces the settings and
 * secrets; disconnecting keeps the row (and later its delivery history) but makes it inactive.
 */
export type IntegrationChanged = {
  integrationId: string;
  connected: boolean;
  /** Secrets the portal made at this connect (setup.generated), answered this once and never again. */
  revealed: Record<string, string>;
};

export class ChangeIntegration extends Command<IntegrationChanged> {
  constructor(
    readonly userId: string,
    readonly change: IntegrationChange,
    readonly context: CommandContext,
  ) {
    super();
  }
}

@CommandHandler(ChangeIntegration)
export class ChangeIntegrationHandler implements ICommandHandler<ChangeIntegration, IntegrationChanged> {
  constructor(
    @Inject(SQL_POOL) private readonly pool: pg.Pool,
    @Inject(SECRET_CIPHER) private readonly cipher: SecretCipher,
  ) {}

  async execute({ userId, change, context }: ChangeIntegration) {
    const result = await inTransaction(this.pool, async (tx) => {
      if (change.type === 'disconnect') {
        const { rows } = await tx.query<{ integration_id: string }>(
          `UPDATE integration_configs SET is_active = false, updated_at = now() WHERE user_id = $1 AND provider = $2 AND is_active RETURNING integration_id`,
          [userId, change.providerId],
        );
        if (!rows[0]) throw new DomainError('INTEGRATION_NOT_CONNECTED', 'This integration is not connected.', 409);
        await recordInOutbox(tx, integrationStream(rows[0].integration_id), [
          integrationEvent('IntegrationDisconnected', { integrationId: rows[0].integration_id, userId, provider: change.providerId }, context),
        ]);
        return { integrationId: rows[0].integration_id, connected: false, revealed: {} };
      }
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
        this.cipher.encrypt(value, secretContext(SECRETS_COLUMN, [integrationId, name])),
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

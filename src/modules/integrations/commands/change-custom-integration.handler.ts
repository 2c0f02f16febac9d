import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type pg from 'pg';

import { DomainError } from '../../../platform/domain/domain-error.js';
import type { CommandContext } from '../../../platform/event-store/new-event.js';
import { outboxCommitted, recordInOutbox } from '../../../platform/event-store/outbox.js';
import { inTransaction, type SqlClient } from '../../../platform/persistence/sql.js';
import { lastFour } from '../../../platform/secrets/last-four.js';
import type { SecretCipher } from '../../../platform/secrets/secret-cipher.js';
import { SECRET_COLUMNS, secretContext } from '../../../platform/secrets/secret-columns.js';
import { SECRET_CIPHER, SQL_POOL } from '../../../platform/tokens.js';
import { integrationEvent, integrationStream, type IntegrationEventData } from '../contracts/integration-events.js';
import { newWebhookSecret } from '../delivery/standard-webhooks.js';
import { CUSTOM_SECRETS, customSettings, MAX_CUSTOM_INTEGRATIONS, type CustomIntegrationForm, type CustomSettings } from '../domain/custom-integration.js';

const SECRETS_COLUMN = SECRET_COLUMNS.find((column) => column.table === 'integration_secrets')!;

export type CustomIntegrationChange =
  | { readonly type: 'add'; readonly form: CustomIntegrationForm }
  | { readonly type: 'update'; readonly integrationId: string; readonly form: CustomIntegrationForm }
  | { readonly type: 'status'; readonly integrationId: string; readonly active: boolean }
  | { readonly type: 'delete'; readonly integrationId: string };

export type CustomIntegrationChanged = {
  readonly integrationId: string;
  /** Only when an API integration is added: its Standard Webhooks secret, shown this once. */
  readonly signingSecret?: string;
};

/**
 * An agent's custom integrations (spec: insert_custom_integration): rows of
 * integration_configs with provider 'custom', settings as CustomSettings, the API key, the
 * headers (they may carry credentials) and the signing secret encrypted in
 * integration_secrets. Every change is recorded as an event through the outbox, never with a
 * secret in it. Each command touches only the agent's own rows: another agent's id is "not
 * found". Deleting keeps the row, inactive, without its secrets.
 */
export class ChangeCustomIntegration extends Command<CustomIntegrationChanged> {
  constructor(
    readonly userId: string,
    readonly change: CustomIntegrationChange,
    readonly context: CommandContext,
  ) {
    super();
  }
}

type CustomEventType =
  'CustomIntegrationAdded' | 'CustomIntegrationUpdated' | 'CustomIntegrationActivated' | 'CustomIntegrationDeactivated' | 'CustomIntegrationDeleted';
/** Records a custom integration's event on its stream; the data besides the integration, agent and provider, when the event has any. */
type RecordCustomEvent = <TType extends CustomEventType>(
  integrationId: string,
  type: TType,
  ...data: keyof Omit<IntegrationEventData<TType>, 'integrationId' | 'userId' | 'provider'> extends never
    ? []
    : [Omit<IntegrationEventData<TType>, 'integrationId' | 'userId' | 'provider'>]
) => Promise<void>;

const notFound = () => new DomainError('CUSTOM_INTEGRATION_NOT_FOUND', 'There is no such custom integration.', 404);

@CommandHandler(ChangeCustomIntegration)
export class ChangeCustomIntegrationHandler implements ICommandHandler<ChangeCustomIntegration, CustomIntegrationChanged> {
  constructor(
    @Inject(SQL_POOL) private readonly pool: pg.Pool,
    @Inject(SECRET_CIPHER) private readonly cipher: SecretCipher,
  ) {}

  async execute({ userId, change, context }: ChangeCustomIntegration): Promise<CustomIntegrationChanged> {
    const result = await inTransaction(this.pool, async (tx) => {
      const record: RecordCustomEvent = (integrationId, type, ...[data]) =>
        recordInOutbox(tx, integrationStream(integrationId), [
          integrationEvent(type, { integrationId, userId, provider: 'custom', ...data } as IntegrationEventData<typeof type>, context),
        ]);
      switch (change.type) {
        case 'add':
          return this.add(tx, userId, change.form, record);
        case 'update': {
          const saved = await owned(tx, userId, change.integrationId);
          if (saved.settings.type !== change.form.type) {
            throw new DomainError(
              'CUSTOM_INTEGRATION_TYPE_FIXED',
              `This is ${saved.settings.type === 'link' ? 'a link' : 'an API'} integration and stays one: add a new integration of the other type instead.`,
              422,
            );
          }
          const settings = customSettings(change.form, saved.settings.type === 'api' ? saved.settings.headerNames : []);
          const active = change.form.status === undefined ? saved.is_active : change.form.status === 'active';
          await tx.query(
            `UPDATE integration_configs SET settings = $2, is_active = $3, connected_at = CASE WHEN $3 AND NOT is_active THEN now() ELSE connected_at END, updated_at = now(),
                    failing_since = CASE WHEN $3 AND NOT is_active THEN NULL ELSE failing_since END, disabled_at = CASE WHEN $3 THEN NULL ELSE disabled_at END, disabled_reason = CASE WHEN $3 THEN NULL ELSE disabled_reason END
              WHERE integration_id = $1`,
            [change.integrationId, JSON.stringify(settings), active],
          );
          const changed = await this.saveSecrets(tx, change.integrationId, change.form);
          await record(change.integrationId, 'CustomIntegrationUpdated', { settings, active, secretsChanged: changed });
          return { integrationId: change.integrationId };
        }
        case 'status': {
          const saved = await owned(tx, userId, change.integrationId);
          if (saved.is_active !== change.active) {
            await tx.query(
              `UPDATE integration_configs SET is_active = $2, connected_at = CASE WHEN $2 THEN now() ELSE connected_at END, updated_at = now(),
                      failing_since = NULL, disabled_at = CASE WHEN $2 THEN NULL ELSE disabled_at END, disabled_reason = CASE WHEN $2 THEN NULL ELSE disabled_reason END
                WHERE integration_id = $1`,
              [change.integrationId, change.active],
            );
            await record(change.integrationId, change.active ? 'CustomIntegrationActivated' : 'CustomIntegrationDeactivated');
          }
          return { integrationId: change.integrationId };
        }
        case 'delete':
          await owned(tx, userId, change.integrationId);
          await tx.query(`UPDATE integration_configs SET is_active = false, deleted_at = now(), updated_at = now() WHERE integration_id = $1`, [
            change.integrationId,
          ]);
          await tx.query('DELETE FROM integration_secrets WHERE integration_id = $1', [change.integrationId]);
          await record(change.integrationId, 'CustomIntegrationDeleted');
          return { integrationId: change.integrationId };
      }
    });
    outboxCommitted();
    return result;
  }

  private async add(tx: SqlClient, userId: string, form: CustomIntegrationForm, record: RecordCustomEvent): Promise<CustomIntegrationChanged> {
    // One agent's adds one at a time, so two at once cannot both take the last place.
    await tx.query('SELECT 1 FROM users WHERE id = $1 FOR UPDATE', [userId]);
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
    await this.saveSecrets(tx, integrationId, form);
    const signingSecret = form.type === 'api' ? newWebhookSecret() : undefined;
    if (signingSecret) await this.putSecret(tx, integrationId, CUSTOM_SECRETS.signingSecret, signingSecret, lastFour(signingSecret));
    await record(integrationId, 'CustomIntegrationAdded', { settings, active, secrets: await secretNames(tx, integrationId) });
    return signingSecret ? { integrationId, signingSecret } : { integrationId };
  }

  /** The API key and headers as the form says: a value replaces, null (key) or {} (headers) removes, absent keeps. Answers the names changed. */
  private async saveSecrets(tx: SqlClient, integrationId: string, form: CustomIntegrationForm): Promise<string[]> {
    if (form.type !== 'api') return [];
    const changed: string[] = [];
    if (form.apiKey !== undefined) {
      if (form.apiKey) await this.putSecret(tx, integrationId, CUSTOM_SECRETS.apiKey, form.apiKey, lastFour(form.apiKey));
      else await tx.query('DELETE FROM integration_secrets WHERE integration_id = $1 AND name = $2', [integrationId, CUSTOM_SECRETS.apiKey]);
      changed.push(CUSTOM_SECRETS.apiKey);
    }
    if (form.headers !== undefined) {
      // Shown by their names (in the settings), never by any part of a value.
      if (Object.keys(form.headers).length > 0) await this.putSecret(tx, integrationId, CUSTOM_SECRETS.headers, JSON.stringify(form.headers), lastFour(''));
      else await tx.query('DELETE FROM integration_secrets WHERE integration_id = $1 AND name = $2', [integrationId, CUSTOM_SECRETS.headers]);
      changed.push(CUSTOM_SECRETS.headers);
    }
    return changed;
  }

  private async putSecret(tx: SqlClient, integrationId: string, name: string, value: string, hint: string): Promise<void> {
    const stored = this.cipher.encrypt(value, secretContext(SECRETS_COLUMN, [integrationId, name]));
    await tx.query(
      `INSERT INTO integration_secrets (integration_id, name, value, last4) VALUES ($1, $2, $3, $4)
       ON CONFLICT (integration_id, name) DO UPDATE SET value = EXCLUDED.value, last4 = EXCLUDED.last4`,
      [integrationId, name, stored, hint],
    );
  }
}

/** The agent's own, not deleted, custom integration, locked for the change; anyone else's is not found. */
async function owned(tx: SqlClient, userId: string, integrationId: string): Promise<{ settings: CustomSettings; is_active: boolean }> {
  const { rows } = await tx.query<{ settings: CustomSettings; is_active: boolean }>(
    `SELECT settings, is_active FROM integration_configs WHERE integration_id = $1 AND user_id = $2 AND provider = 'custom' AND deleted_at IS NULL FOR UPDATE`,
    [integrationId, userId],
  );
  if (!rows[0]) throw notFound();
  return rows[0];
}

async function secretNames(tx: SqlClient, integrationId: string): Promise<string[]> {
  const { rows } = await tx.query<{ name: string }>('SELECT name FROM integration_secrets WHERE integration_id = $1 ORDER BY name', [integrationId]);
  return rows.map((row) => row.name);
}

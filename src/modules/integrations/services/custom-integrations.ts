import { DomainError } from '../../../platform/domain/domain-error.js';
import type { CommandContext } from '../../../platform/event-store/new-event.js';
import { recordInOutbox } from '../../../platform/event-store/outbox.js';
import type { SqlClient } from '../../../platform/persistence/sql.js';
import { lastFour } from '../../../platform/secrets/last-four.js';
import type { SecretCipher } from '../../../platform/secrets/secret-cipher.js';
import { secretContext } from '../../../platform/secrets/secret-columns.js';
import { integrationEvent, integrationStream, type IntegrationEventData } from '../contracts/integration-events.js';
import { CUSTOM_SECRETS, type CustomIntegrationForm, type CustomSettings } from '../domain/custom-integration.js';
import { INTEGRATION_SECRETS } from '../integrations.secrets.js';

/*
 * An agent's custom integrations (spec: insert_custom_integration): rows of
 * integration_configs with provider 'custom', settings as CustomSettings, the API key, the
 * headers (they may carry credentials) and the signing secret encrypted in
 * integration_secrets. Every change is recorded as an event through the outbox, never with a
 * secret in it. Each command touches only the agent's own rows: another agent's id is "not
 * found". Deleting keeps the row, inactive, without its secrets.
 */

export type CustomIntegrationChanged = {
  readonly integrationId: string;
  /** Only when an API integration is added: its Standard Webhooks secret, shown this once. */
  readonly signingSecret?: string;
};

type CustomEventType =
  'CustomIntegrationAdded' | 'CustomIntegrationUpdated' | 'CustomIntegrationActivated' | 'CustomIntegrationDeactivated' | 'CustomIntegrationDeleted';
/** Records a custom integration's event on its stream; the data besides the integration, agent and provider, when the event has any. */
export type RecordCustomEvent = <TType extends CustomEventType>(
  integrationId: string,
  type: TType,
  ...data: keyof Omit<IntegrationEventData<TType>, 'integrationId' | 'userId' | 'provider'> extends never
    ? []
    : [Omit<IntegrationEventData<TType>, 'integrationId' | 'userId' | 'provider'>]
) => Promise<void>;

export const notFound = () => new DomainError('CUSTOM_INTEGRATION_NOT_FOUND', 'There is no such custom integration.', 404);

/** The agent's own, not deleted, custom integration, locked for the change; anyone else's is not found. */
export async function owned(tx: SqlClient, userId: string, integrationId: string): Promise<{ settings: CustomSettings; is_active: boolean }> {
  const { rows } = await tx.query<{ settings: CustomSettings; is_active: boolean }>(
    `SELECT settings, is_active FROM integration_configs WHERE integration_id = $1 AND user_id = $2 AND provider = 'custom' AND deleted_at IS NULL FOR UPDATE`,
    [integrationId, userId],
  );
  if (!rows[0]) throw notFound();
  return rows[0];
}

export async function secretNames(tx: SqlClient, integrationId: string): Promise<string[]> {
  const { rows } = await tx.query<{ name: string }>('SELECT name FROM integration_secrets WHERE integration_id = $1 ORDER BY name', [integrationId]);
  return rows.map((row) => row.name);
}

/** The API key and headers as the form says: a value replaces, null (key) or {} (headers) removes, absent keeps. Answers the names changed. */
export async function saveSecrets(tx: SqlClient, cipher: SecretCipher, integrationId: string, form: CustomIntegrationForm): Promise<string[]> {
  if (form.type !== 'api') return [];
  const changed: string[] = [];
  if (form.apiKey !== undefined) {
    if (form.apiKey) await putSecret(tx, cipher, integrationId, CUSTOM_SECRETS.apiKey, form.apiKey, lastFour(form.apiKey));
    else await tx.query('DELETE FROM integration_secrets WHERE integration_id = $1 AND name = $2', [integrationId, CUSTOM_SECRETS.apiKey]);
    changed.push(CUSTOM_SECRETS.apiKey);
  }
  if (form.headers !== undefined) {
    // Shown by their names (in the settings), never by any part of a value.
    if (Object.keys(form.headers).length > 0) await putSecret(tx, cipher, integrationId, CUSTOM_SECRETS.headers, JSON.stringify(form.headers), lastFour(''));
    else await tx.query('DELETE FROM integration_secrets WHERE integration_id = $1 AND name = $2', [integrationId, CUSTOM_SECRETS.headers]);
    changed.push(CUSTOM_SECRETS.headers);
  }
  return changed;
}

export async function putSecret(tx: SqlClient, cipher: SecretCipher, integrationId: string, name: string, value: string, hint: string): Promise<void> {
  const stored = cipher.encrypt(value, secretContext(INTEGRATION_SECRETS, [integrationId, name]));
  await tx.query(
    `INSERT INTO integration_secrets (integration_id, name, value, last4) VALUES ($1, $2, $3, $4)
     ON CONFLICT (integration_id, name) DO UPDATE SET value = EXCLUDED.value, last4 = EXCLUDED.last4`,
    [integrationId, name, stored, hint],
  );
}

/** Records a custom integration's event on its stream, in the change's transaction, with the agent and the context. */
export function customEventRecorder(tx: SqlClient, userId: string, context: CommandContext): RecordCustomEvent {
  return (integrationId, type, ...[data]) =>
    recordInOutbox(tx, integrationStream(integrationId), [
      integrationEvent(type, { integrationId, userId, provider: 'custom', ...data } as IntegrationEventData<typeof type>, context),
    ]);
}

import { DomainError } from '../../../platform/domain/domain-error.js';
import type { SqlClient } from '../../../platform/persistence/sql.js';
import type { IntegrationProvider } from '../contracts/integration-events.js';

/** An agent's integration as delivery reads it. */
export type IntegrationRow = {
  integration_id: string;
  user_id: string;
  provider: IntegrationProvider;
  settings: Record<string, unknown>;
  is_active: boolean;
  disabled_at: Date | null;
  destinations: unknown;
};

/** Whether an integration takes leads (a custom link integration only opens a page). */
export function receivesLeads(row: Pick<IntegrationRow, 'provider' | 'settings'>): boolean {
  return row.provider !== 'custom' || row.settings.type !== 'link';
}

/** One of the agent's own integrations; anyone else's is not found. */
export async function ownIntegration(db: SqlClient, userId: string, integrationId: string): Promise<IntegrationRow> {
  const { rows } = await db.query<IntegrationRow>(
    `SELECT integration_id, user_id, provider, settings, is_active, disabled_at, destinations FROM integration_configs WHERE integration_id = $1 AND user_id = $2`,
    [integrationId, userId],
  );
  if (!rows[0]) throw new DomainError('INTEGRATION_NOT_FOUND', 'No such integration.', 404);
  return rows[0];
}

/**
 * The user's own connected integration of a provider, for an admin's send from the testing page:
 * the leads go through the connection the admin set up, so no credential is ever typed into or
 * shown on that page. Not connected (never, or since disconnected or turned off) is a 409 that
 * says where to connect.
 */
export async function ownConnectedIntegration(db: SqlClient, userId: string, provider: 'ringy' | 'vanillasoft', label: string): Promise<IntegrationRow> {
  const { rows } = await db.query<IntegrationRow>(
    `SELECT integration_id, user_id, provider, settings, is_active, disabled_at, destinations FROM integration_configs WHERE user_id = $1 AND provider = $2`,
    [userId, provider],
  );
  const row = rows[0];
  if (!row || !row.is_active)
    throw new DomainError('INTEGRATION_NOT_CONNECTED', `Connect your ${label} integration on the Integrations page first: the leads are sent through it.`, 409);
  return row;
}

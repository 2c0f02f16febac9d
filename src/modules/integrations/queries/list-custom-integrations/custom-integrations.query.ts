import type pg from 'pg';
import { z } from 'zod';

import { ApiError } from '../../../../platform/http/api-error.js';
import type { CustomSettings } from '../../domain/custom-integration.js';

type Row = {
  integration_id: string;
  is_active: boolean;
  settings: CustomSettings;
  created_at: Date;
  updated_at: Date;
  secrets: Record<string, string> | null;
  disabled_at: Date | null;
  disabled_reason: string | null;
  failing_since: Date | null;
  held: number;
  previous_signing_until: Date | null;
};

const NOT_FOUND = () => new ApiError(404, 'CUSTOM_INTEGRATION_NOT_FOUND', 'There is no such custom integration.');

/** The agent's custom integrations (one when `integrationId` is given), oldest first. */
export async function customIntegrationRows(pool: pg.Pool, userId: string, integrationId: string | null): Promise<Row[]> {
  const { rows } = await pool.query<Row>(
    `SELECT c.integration_id, c.is_active, c.settings, c.created_at, c.updated_at, c.disabled_at, c.disabled_reason, c.failing_since,
            (SELECT count(*)::int FROM lead_deliveries d WHERE d.integration_id = c.integration_id AND d.status = 'held') AS held,
            (SELECT jsonb_object_agg(s.name, s.last4) FROM integration_secrets s WHERE s.integration_id = c.integration_id AND s.expires_at IS NULL AND s.name <> 'headers') AS secrets,
            (SELECT s.expires_at FROM integration_secrets s WHERE s.integration_id = c.integration_id AND s.name = 'previousSigningSecret' AND s.expires_at > now()) AS previous_signing_until
       FROM integration_configs c
      WHERE c.user_id = $1 AND c.provider = 'custom' AND c.deleted_at IS NULL AND ($2::uuid IS NULL OR c.integration_id = $2)
      ORDER BY c.created_at, c.integration_id`,
    [userId, integrationId],
  );
  return rows;
}

/** One of the agent's custom integrations as the page shows it; anyone else's is 404. */
export async function customIntegrationOf(pool: pg.Pool, userId: string, integrationId: string) {
  const row = (await customIntegrationRows(pool, userId, integrationId))[0];
  if (!row) throw NOT_FOUND();
  return customIntegrationView(row);
}

/** An id that is not a UUID names nothing: the same 404 as someone else's. */
export function customIntegrationIdOf(raw: string): string {
  if (!z.uuid().safeParse(raw).success) throw NOT_FOUND();
  return raw;
}

export const customIntegrationView = (row: Row) => {
  const { settings } = row;
  return {
    integrationId: row.integration_id,
    name: settings.name,
    description: settings.description,
    type: settings.type,
    category: settings.category,
    status: row.is_active ? ('active' as const) : ('inactive' as const),
    /** Turned off automatically after its deliveries kept failing: when, and why. */
    disabled: row.disabled_at ? { at: row.disabled_at, reason: row.disabled_reason } : null,
    failingSince: row.failing_since,
    heldDeliveries: row.held,
    url: settings.type === 'link' ? settings.url : null,
    apiEndpoint: settings.type === 'api' ? settings.endpoint : null,
    method: settings.type === 'api' ? settings.method : null,
    requestBody: settings.type === 'api' ? settings.bodyTemplate : null,
    headerNames: settings.type === 'api' ? settings.headerNames : [],
    /** The API key and the signing secret, each as its last four characters after a mask. */
    secretHints: row.secrets ?? {},
    /** After a rotation of the signing secret: until when the secret it replaced still signs beside it (null otherwise). */
    previousSigningSecretUntil: row.previous_signing_until,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
};

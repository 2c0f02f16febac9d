import type { SqlClient } from '../../../platform/persistence/sql.js';
import type { SecretCipher } from '../../../platform/secrets/secret-cipher.js';
import { secretContext } from '../../../platform/secrets/secret-columns.js';
import { INTEGRATION_SECRETS } from '../integrations.secrets.js';
import type { IntegrationTarget } from './lead-sender.js';

type TargetRow = { integration_id: string; user_id: string; provider: string; settings: Record<string, unknown> };
/** Which rows of integration_secrets (as `s` or unqualified) still count: a rotated signing secret only until its grace period ends. */
export const UNEXPIRED_SECRET = '(expires_at IS NULL OR expires_at > now())';

/** A row of integration_secrets as stored: the value sealed. */
export type SealedSecretRow = { name: string; value: string };

/**
 * An integration with its secrets opened for one call it was set up for (a delivery or its
 * owner's test-send, which SecretAccess does not record); the values go only to the sender.
 */
export function openTarget(cipher: SecretCipher, row: TargetRow, sealed: readonly SealedSecretRow[]): IntegrationTarget {
  const secrets = Object.fromEntries(
    sealed.map(({ name, value }) => [name, cipher.decrypt(value, secretContext(INTEGRATION_SECRETS, [row.integration_id, name]))]),
  );
  return { integrationId: row.integration_id, userId: row.user_id, provider: row.provider, settings: row.settings, secrets };
}

/** The same, reading the sealed secrets first. */
export async function integrationTarget(db: SqlClient, cipher: SecretCipher, row: TargetRow): Promise<IntegrationTarget> {
  const { rows } = await db.query<SealedSecretRow>(`SELECT name, value FROM integration_secrets WHERE integration_id = $1 AND ${UNEXPIRED_SECRET}`, [
    row.integration_id,
  ]);
  return openTarget(cipher, row, rows);
}

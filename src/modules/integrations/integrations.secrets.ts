import type { SecretColumn } from '../../platform/secrets/secret-columns.js';

/** Each integration's credentials (API keys, auth tokens, signing secrets), one row per secret, encrypted at rest. */
export const INTEGRATION_SECRETS: SecretColumn = { table: 'integration_secrets', keyColumns: ['integration_id', 'name'], column: 'value' };

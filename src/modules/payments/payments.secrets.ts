import type { SecretColumn } from '../../platform/secrets/secret-columns.js';

/** The demo card provider's webhook signing secret (one row), encrypted at rest. */
export const DEMO_WEBHOOK_SECRET: SecretColumn = { table: 'demo_pay_settings', keyColumns: ['id'], column: 'webhook_secret' };

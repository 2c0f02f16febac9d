import type { SecretContext } from './secret-cipher.js';

/**
 * A table column that holds secrets encrypted with SecretCipher. `npm run secrets:rotate`
 * re-encrypts every value of every column listed in SECRET_COLUMNS; a module that stores a
 * secret adds its column here (and nowhere stores one in plain text).
 */
export type SecretColumn = {
  readonly table: string;
  /** The columns naming a row (its primary key); their values, joined by '/', are the owner bound to each value. */
  readonly keyColumns: readonly string[];
  readonly column: string;
};

/** Every column holding secrets; integrations keep the last four characters beside each value (lastFour), so showing them needs no decryption. */
export const SECRET_COLUMNS: readonly SecretColumn[] = [
  // The demo card provider's webhook signing secret (one row).
  { table: 'demo_pay_settings', keyColumns: ['id'], column: 'webhook_secret' },
  // Each integration's credentials (API keys, auth tokens), one row per secret.
  { table: 'integration_secrets', keyColumns: ['integration_id', 'name'], column: 'value' },
];

/** What a value of this column, in the row with these key values, is bound to. */
export function secretContext(column: SecretColumn, keyValues: readonly unknown[]): SecretContext {
  return { purpose: `${column.table}.${column.column}`, owner: keyValues.map(String).join('/') };
}

import type { SecretContext } from './secret-cipher.js';

/**
 * A table column that holds secrets encrypted with SecretCipher. A module that stores a secret
 * names its column in its registration (ModuleRegistration.secretColumns), and stores none in
 * plain text; `npm run secrets:rotate` re-encrypts every value of every registered column.
 */
export type SecretColumn = {
  readonly table: string;
  /** The columns naming a row (its primary key); their values, joined by '/', are the owner bound to each value. */
  readonly keyColumns: readonly string[];
  readonly column: string;
};

/** What a value of this column, in the row with these key values, is bound to. */
export function secretContext(column: SecretColumn, keyValues: readonly unknown[]): SecretContext {
  return { purpose: `${column.table}.${column.column}`, owner: keyValues.map(String).join('/') };
}

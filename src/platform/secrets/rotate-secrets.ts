import type pg from 'pg';

import { isEncryptedSecret, type SecretCipher } from './secret-cipher.js';
import { secretContext, type SecretColumn } from './secret-columns.js';

export type RotationFailure = { readonly owner: string; readonly message: string };

export type ColumnRotation = {
  readonly table: string;
  readonly column: string;
  /** Values read (not null). */
  readonly values: number;
  /** Values now under the current key that were not before. */
  readonly reencrypted: number;
  /** Of those, values that were still plain text. */
  readonly wasPlainText: number;
  /** Values under the current key already (or changed by someone else meanwhile). */
  readonly current: number;
  readonly failures: readonly RotationFailure[];
};

const PAGE = 200;

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * Re-encrypts every stored secret under the cipher's current key, a page of rows at a time
 * in key order. Each row is written only if its value is still the one read (a concurrent
 * save wins), so it is safe while the portal runs, and running it again changes nothing.
 */
export async function rotateSecrets(pool: pg.Pool, cipher: SecretCipher, columns: readonly SecretColumn[]): Promise<ColumnRotation[]> {
  const reports: ColumnRotation[] = [];
  for (const column of columns) reports.push(await rotateColumn(pool, cipher, column));
  return reports;
}

async function rotateColumn(pool: pg.Pool, cipher: SecretCipher, column: SecretColumn): Promise<ColumnRotation> {
  const keys = column.keyColumns.map(quote);
  const table = quote(column.table);
  const value = quote(column.column);
  const failures: RotationFailure[] = [];
  let values = 0;
  let reencrypted = 0;
  let wasPlainText = 0;
  let current = 0;
  let after: unknown[] | null = null;
  for (;;) {
    const params: unknown[] = after ?? [];
    const from: string = after ? `AND (${keys.join(', ')}) > (${keys.map((_k, i) => `$${i + 1}`).join(', ')})` : '';
    const { rows }: { rows: Record<string, unknown>[] } = await pool.query<Record<string, unknown>>(
      `SELECT ${keys.join(', ')}, ${value} AS secret_value FROM ${table} WHERE ${value} IS NOT NULL ${from} ORDER BY ${keys.join(', ')} LIMIT ${PAGE}`,
      params,
    );
    for (const row of rows) {
      values += 1;
      const keyValues = column.keyColumns.map((k) => row[k]);
      const stored = String(row.secret_value);
      if (!cipher.needsRotation(stored)) {
        current += 1;
        continue;
      }
      const context = secretContext(column, keyValues);
      let next: string;
      try {
        next = cipher.reencrypt(stored, context);
      } catch (error) {
        failures.push({ owner: context.owner, message: error instanceof Error ? error.message : String(error) });
        continue;
      }
      const where = column.keyColumns.map((k, i) => `${quote(k)} = $${i + 2}`).join(' AND ');
      const updated = await pool.query(`UPDATE ${table} SET ${value} = $1 WHERE ${where} AND ${value} = $${keyValues.length + 2}`, [
        next,
        ...keyValues,
        stored,
      ]);
      if (updated.rowCount === 1) {
        reencrypted += 1;
        if (!isEncryptedSecret(stored)) wasPlainText += 1;
      } else {
        current += 1;
      }
    }
    if (rows.length < PAGE) break;
    const last: Record<string, unknown> = rows[rows.length - 1]!;
    after = column.keyColumns.map((k): unknown => last[k]);
  }
  return { table: column.table, column: column.column, values, reencrypted, wasPlainText, current, failures };
}

export function describeRotation(report: ColumnRotation, keyId: string): string {
  const plain = report.wasPlainText > 0 ? ` (${report.wasPlainText} had been stored in plain text)` : '';
  const failed = report.failures.length > 0 ? `, ${report.failures.length} could not be decrypted` : '';
  return `${report.table}.${report.column}: ${report.reencrypted} re-encrypted under key ${keyId}${plain}, ${report.current} already under it${failed}`;
}

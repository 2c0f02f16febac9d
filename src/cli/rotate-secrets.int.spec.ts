import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';

import { isolatedDatabase, type IsolatedDatabase } from '../../test/support/isolated-database.js';
import { describeOn, oneDatabase } from '../../test/support/test-databases.js';
import { createPool, type SqlPool } from '../platform/persistence/sql.js';
import { encryptionKey } from '../platform/secrets/key-material.js';
import { keyring } from '../platform/secrets/keyring.js';
import { rotateSecrets } from '../platform/secrets/rotate-secrets.js';
import { keyIdOfSecret, SecretCipher } from '../platform/secrets/secret-cipher.js';
import { secretContext, type SecretColumn } from '../platform/secrets/secret-columns.js';
import { main } from './rotate-secrets.js';

const oldKey = encryptionKey(randomBytes(32));
const newKey = encryptionKey(randomBytes(32));
const strayKey = encryptionKey(randomBytes(32));
const underOld = new SecretCipher(keyring(oldKey));
const rotating = new SecretCipher(keyring(newKey, [oldKey]));
const newOnly = new SecretCipher(keyring(newKey));

for (const database of oneDatabase()) {
  describeOn(database, `npm run secrets:rotate on ${database.name}`, () => {
    let own: IsolatedDatabase;
    let pool: SqlPool;

    beforeAll(async () => {
      own = await isolatedDatabase(database as never);
      pool = createPool(own.url, 4);
    });
    afterAll(async () => {
      await pool?.end();
      await own?.close();
    });

    it('re-encrypts every value of a registered column under the current key, page by page, and a second run changes nothing', async () => {
      // The shape the integrations will use: a row per secret of an integration.
      await pool.query(
        `CREATE TABLE integration_secrets_probe (integration_id uuid NOT NULL, name text NOT NULL, value text, PRIMARY KEY (integration_id, name))`,
      );
      const column: SecretColumn = { table: 'integration_secrets_probe', keyColumns: ['integration_id', 'name'], column: 'value' };
      const rows: { id: string; name: string; plain: string }[] = [];
      for (let i = 0; i < 450; i++)
        rows.push({ id: crypto.randomUUID(), name: i % 2 ? 'api_key' : 'auth_token', plain: `secret-${i}-${randomBytes(6).toString('hex')}` });
      for (const [i, row] of rows.entries()) {
        const context = secretContext(column, [row.id, row.name]);
        const stored = i === 0 ? row.plain : i < 10 ? rotating.encrypt(row.plain, context) : underOld.encrypt(row.plain, context);
        await pool.query(`INSERT INTO integration_secrets_probe VALUES ($1, $2, $3)`, [row.id, row.name, stored]);
      }
      await pool.query(`INSERT INTO integration_secrets_probe VALUES ($1, 'empty', NULL)`, [crypto.randomUUID()]);
      // A value under a key nobody configured, and one copied from another row: both fail, and are named.
      const stray = { id: crypto.randomUUID(), name: 'api_key' };
      await pool.query(`INSERT INTO integration_secrets_probe VALUES ($1, $2, $3)`, [
        stray.id,
        stray.name,
        new SecretCipher(keyring(strayKey)).encrypt('x', secretContext(column, [stray.id, stray.name])),
      ]);
      const copied = { id: crypto.randomUUID(), name: 'api_key' };
      const { rows: source } = await pool.query<{ value: string }>(`SELECT value FROM integration_secrets_probe WHERE integration_id = $1 AND name = $2`, [
        rows[20]!.id,
        rows[20]!.name,
      ]);
      await pool.query(`INSERT INTO integration_secrets_probe VALUES ($1, $2, $3)`, [copied.id, copied.name, source[0]!.value]);

      const [report] = await rotateSecrets(pool, rotating, [column]);
      expect(report).toMatchObject({ values: 452, reencrypted: 441, wasPlainText: 1, current: 9 });
      expect(report!.failures.map((f) => f.owner).sort()).toEqual([`${copied.id}/${copied.name}`, `${stray.id}/${stray.name}`].sort());
      expect(report!.failures.find((f) => f.owner.startsWith(stray.id))!.message).toContain(`encrypted under key ${strayKey.id}`);

      const { rows: after } = await pool.query<{ integration_id: string; name: string; value: string }>(
        `SELECT * FROM integration_secrets_probe WHERE value IS NOT NULL`,
      );
      const byKey = new Map(after.map((r) => [`${r.integration_id}/${r.name}`, r.value]));
      for (const row of rows) {
        const stored = byKey.get(`${row.id}/${row.name}`)!;
        expect(keyIdOfSecret(stored)).toBe(newKey.id);
        expect(newOnly.decrypt(stored, secretContext(column, [row.id, row.name]))).toBe(row.plain);
      }
      const [again] = await rotateSecrets(pool, rotating, [column]);
      expect(again).toMatchObject({ reencrypted: 0, current: 450 });
    });

    it('the command moves the stored secrets to ENCRYPTION_KEY, records credential_access, and exits 1 naming what it could not decrypt', async () => {
      const context = { purpose: 'demo_pay_settings.webhook_secret', owner: '1' };
      await pool.query(
        `INSERT INTO demo_pay_settings (id, webhook_secret) VALUES (1, $1) ON CONFLICT (id) DO UPDATE SET webhook_secret = EXCLUDED.webhook_secret`,
        [underOld.encrypt('whsec_demo_known', context)],
      );
      const lines: string[] = [];
      vi.stubEnv('ENV_FILE', '');
      vi.stubEnv('DATABASE_URL', own.url);
      vi.stubEnv('REDIS_URL', '');
      vi.stubEnv('EVENTSTORE_URL', '');
      vi.stubEnv('ENCRYPTION_KEY', newKey.key.toString('base64'));
      vi.stubEnv('ENCRYPTION_KEYS_OLD', oldKey.key.toString('hex'));
      try {
        expect(await main((line) => lines.push(line))).toBe(0);
        expect(lines.join('\n')).toContain(`demo_pay_settings.webhook_secret: 1 re-encrypted under key ${newKey.id}, 0 already under it`);
        const { rows } = await pool.query<{ webhook_secret: string }>(`SELECT webhook_secret FROM demo_pay_settings WHERE id = 1`);
        expect(newOnly.decrypt(rows[0]!.webhook_secret, context)).toBe('whsec_demo_known');
        const { rows: events } = await pool.query<{ data: { eventType: string; details: Record<string, unknown> } }>(
          `SELECT data FROM es_events WHERE event_type = 'SecurityEventRecorded' AND data->>'eventType' = 'credential_access' AND data->'details'->>'action' = 'secrets:rotate'`,
        );
        expect(events.at(-1)!.data.details).toMatchObject({ resource: 'stored secrets', keyId: newKey.id, reencrypted: 1, failed: 0 });
        expect(lines.join('\n')).not.toContain('whsec_demo_known');

        // Without the old key, a value still under it is named, and the command fails.
        await pool.query(`UPDATE demo_pay_settings SET webhook_secret = $1 WHERE id = 1`, [underOld.encrypt('whsec_demo_known', context)]);
        vi.stubEnv('ENCRYPTION_KEYS_OLD', '');
        lines.length = 0;
        expect(await main((line) => lines.push(line))).toBe(1);
        expect(lines.join('\n')).toContain(`FAILED demo_pay_settings 1: The stored demo_pay_settings.webhook_secret of 1 was encrypted under key ${oldKey.id}`);
      } finally {
        vi.unstubAllEnvs();
      }
    });
  });
}

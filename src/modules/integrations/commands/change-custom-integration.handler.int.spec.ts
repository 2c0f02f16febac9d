import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';

import { inParallel, tally } from '../../../../test/support/parallel.js';
import { describeOn, everyDatabase } from '../../../../test/support/test-databases.js';
import { testSecretCipher } from '../../../../test/support/test-secrets.js';
import { DomainError } from '../../../platform/domain/domain-error.js';
import { userRequestContext } from '../../../platform/event-store/new-event.js';
import { createPool, type SqlPool } from '../../../platform/persistence/sql.js';
import { SECRET_COLUMNS, secretContext } from '../../../platform/secrets/secret-columns.js';
import { customIntegrationSchema, MAX_CUSTOM_INTEGRATIONS } from '../domain/custom-integration.js';
import { ChangeCustomIntegration, ChangeCustomIntegrationHandler, type CustomIntegrationChange } from './change-custom-integration.handler.js';

const cipher = testSecretCipher();
const SECRETS_COLUMN = SECRET_COLUMNS.find((column) => column.table === 'integration_secrets')!;

for (const database of everyDatabase()) {
  describeOn(database, `custom integrations on ${database.name}`, () => {
    let pool: SqlPool;
    let handler: ChangeCustomIntegrationHandler;
    beforeAll(() => {
      pool = createPool(database.url, 32);
      handler = new ChangeCustomIntegrationHandler(pool as never, cipher);
    });
    afterAll(async () => pool?.end());

    const agent = async () => {
      const userId = randomUUID();
      await pool.query('INSERT INTO users (id, email, password_hash, email_confirmed_at) VALUES ($1, $2, $3, now())', [
        userId,
        `custom-${userId}@int.test`,
        'x',
      ]);
      return userId;
    };
    const change = (userId: string, what: CustomIntegrationChange) => handler.execute(new ChangeCustomIntegration(userId, what, userRequestContext(userId)));
    const link = (name: string) => ({ type: 'add' as const, form: customIntegrationSchema.parse({ name, type: 'link', url: 'https://x.example.com' }) });

    it('keeps the secrets so the delivery pipeline can open them for a send, bound to their integration', async () => {
      const userId = await agent();
      const form = customIntegrationSchema.parse({
        name: 'CRM',
        type: 'api',
        apiEndpoint: 'https://crm.example.com/in',
        apiKey: 'key-0123456789-abcd',
        headers: { 'X-Account': 'acct-secret-99' },
      });
      const { integrationId, signingSecret } = await change(userId, { type: 'add', form });
      const { rows } = await pool.query<{ name: string; value: string }>(
        'SELECT name, value FROM integration_secrets WHERE integration_id = $1 ORDER BY name',
        [integrationId],
      );
      const opened = Object.fromEntries(rows.map((row) => [row.name, cipher.decrypt(row.value, secretContext(SECRETS_COLUMN, [integrationId, row.name]))]));
      expect(opened).toEqual({ apiKey: 'key-0123456789-abcd', headers: JSON.stringify({ 'X-Account': 'acct-secret-99' }), signingSecret });
      // Copied to another integration's row, a value no longer opens.
      expect(() => cipher.decrypt(rows[0]!.value, secretContext(SECRETS_COLUMN, [randomUUID(), rows[0]!.name]))).toThrow();
      const events = await pool.query<{ type: string; text: string }>(
        `SELECT event->>'type' AS type, event::text AS text FROM outbox_events WHERE stream_id = $1 ORDER BY position`,
        [`integration-${integrationId}`],
      );
      expect(events.rows.map((row) => row.type)).toEqual(['CustomIntegrationAdded']);
      for (const secret of ['key-0123456789-abcd', 'acct-secret-99', signingSecret!.slice(6)]) expect(events.rows[0]!.text).not.toContain(secret);
    });

    it('lets a burst of adds take only the places left under the limit, and a deleted one frees its place', async () => {
      const userId = await agent();
      for (let index = 0; index < MAX_CUSTOM_INTEGRATIONS - 3; index++) await change(userId, link(`Link ${index}`));
      const outcomes = await inParallel(30, (index) =>
        change(userId, link(`Burst ${index}`)).then(
          () => 'added',
          (error: unknown) => (error instanceof DomainError ? error.code : String(error)),
        ),
      );
      expect(tally(outcomes)).toEqual({ added: 3, CUSTOM_INTEGRATION_LIMIT: 27 });
      const count = async () =>
        (
          await pool.query<{ n: number }>(
            `SELECT count(*)::int AS n FROM integration_configs WHERE user_id = $1 AND provider = 'custom' AND deleted_at IS NULL`,
            [userId],
          )
        ).rows[0]!.n;
      expect(await count()).toBe(MAX_CUSTOM_INTEGRATIONS);
      const { rows } = await pool.query<{ integration_id: string }>(`SELECT integration_id FROM integration_configs WHERE user_id = $1 LIMIT 1`, [userId]);
      await change(userId, { type: 'delete', integrationId: rows[0]!.integration_id });
      await change(userId, link('After the delete'));
      expect(await count()).toBe(MAX_CUSTOM_INTEGRATIONS);
    }, 120_000);
  });
}

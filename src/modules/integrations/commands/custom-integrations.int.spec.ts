import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';

import { inParallel, tally } from '../../../../test/support/parallel.js';
import { describeOn, oneDatabase } from '../../../../test/support/test-databases.js';
import { testSecretCipher } from '../../../../test/support/test-secrets.js';
import { DomainError } from '../../../platform/domain/domain-error.js';
import { userRequestContext } from '../../../platform/event-store/new-event.js';
import { createPool, type SqlPool } from '../../../platform/persistence/sql.js';
import { secretContext } from '../../../platform/secrets/secret-columns.js';
import { customIntegrationSchema, MAX_CUSTOM_INTEGRATIONS, type CustomIntegrationForm } from '../domain/custom-integration.js';
import { INTEGRATION_SECRETS } from '../integrations.secrets.js';
import { AddCustomIntegration } from './add-custom-integration/add-custom-integration.command.js';
import { AddCustomIntegrationHandler } from './add-custom-integration/add-custom-integration.handler.js';
import { DeleteCustomIntegration } from './delete-custom-integration/delete-custom-integration.command.js';
import { DeleteCustomIntegrationHandler } from './delete-custom-integration/delete-custom-integration.handler.js';
import { SetCustomIntegrationActive } from './set-custom-integration-active/set-custom-integration-active.command.js';
import { SetCustomIntegrationActiveHandler } from './set-custom-integration-active/set-custom-integration-active.handler.js';
import { UpdateCustomIntegration } from './update-custom-integration/update-custom-integration.command.js';
import { UpdateCustomIntegrationHandler } from './update-custom-integration/update-custom-integration.handler.js';

/** One of the four custom-integration commands, as the page sends them. */
type CustomIntegrationChange =
  | { readonly type: 'add'; readonly form: CustomIntegrationForm }
  | { readonly type: 'update'; readonly integrationId: string; readonly form: CustomIntegrationForm }
  | { readonly type: 'status'; readonly integrationId: string; readonly active: boolean }
  | { readonly type: 'delete'; readonly integrationId: string };

const cipher = testSecretCipher();

for (const database of oneDatabase()) {
  describeOn(database, `custom integrations on ${database.name}`, () => {
    let pool: SqlPool;
    beforeAll(() => {
      pool = createPool(database.url, 32);
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
    const change = (userId: string, what: CustomIntegrationChange) => {
      const context = userRequestContext(userId);
      switch (what.type) {
        case 'add':
          return new AddCustomIntegrationHandler(pool as never, cipher).execute(new AddCustomIntegration({ form: what.form }, context));
        case 'update':
          return new UpdateCustomIntegrationHandler(pool as never, cipher).execute(new UpdateCustomIntegration(what, context));
        case 'status':
          return new SetCustomIntegrationActiveHandler(pool as never).execute(new SetCustomIntegrationActive(what, context));
        case 'delete':
          return new DeleteCustomIntegrationHandler(pool as never).execute(new DeleteCustomIntegration(what, context));
      }
    };
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
      const opened = Object.fromEntries(
        rows.map((row) => [row.name, cipher.decrypt(row.value, secretContext(INTEGRATION_SECRETS, [integrationId, row.name]))]),
      );
      expect(opened).toEqual({ apiKey: 'key-0123456789-abcd', headers: JSON.stringify({ 'X-Account': 'acct-secret-99' }), signingSecret });
      // Copied to another integration's row, a value no longer opens.
      expect(() => cipher.decrypt(rows[0]!.value, secretContext(INTEGRATION_SECRETS, [randomUUID(), rows[0]!.name]))).toThrow();
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
    });
  });
}

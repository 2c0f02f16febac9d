import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';

import { inParallel, tally } from '../../../../../test/support/parallel.js';
import { describeOn, oneDatabase } from '../../../../../test/support/test-databases.js';
import { hashPassword } from '../../../../platform/auth/password-hasher.js';
import { hashToken } from '../../../../platform/auth/session-store.js';
import type { NewEvent } from '../../../../platform/event-store/event-store.port.js';
import { requestContext } from '../../../../platform/event-store/new-event.js';
import { createPool, type SqlPool } from '../../../../platform/persistence/sql.js';
import { accountStream } from '../../contracts/identity.events.js';
import { CreateAdmin, type CreateAdminRequest } from './create-admin.command.js';
import { CreateAdminHandler, PASSWORD_LINK_VALID_MINUTES } from './create-admin.handler.js';

const operator = () => requestContext({ type: 'operator', id: 'jane@ops-host' });

for (const database of oneDatabase()) {
  describeOn(database, `an operator makes an admin at the command line, on ${database.name}`, () => {
    let pool: SqlPool;

    beforeAll(() => {
      pool = createPool(database.url, 10);
    });
    afterAll(async () => pool.end());

    const createAdmin = (request: CreateAdminRequest) => new CreateAdminHandler(pool).execute(new CreateAdmin(request, operator()));
    const email = () => `ops-${randomUUID()}@agency.test`;
    const eventsOf = async (userId: string) => {
      const { rows } = await pool.query<{ event: NewEvent }>('SELECT event FROM outbox_events WHERE stream_id = $1 ORDER BY position', [accountStream(userId)]);
      return rows.map((r) => r.event);
    };
    const isAdmin = async (userId: string) => (await pool.query(`SELECT 1 FROM user_roles WHERE user_id = $1 AND role = 'admin'`, [userId])).rowCount === 1;
    const signUp = async (address: string, confirmed: boolean) => {
      const id = randomUUID();
      await pool.query(`INSERT INTO users (id, email, password_hash, email_confirmed_at) VALUES ($1, $2, $3, ${confirmed ? 'now()' : 'NULL'})`, [
        id,
        address,
        await hashPassword('chosen-by-someone-1'),
      ]);
      await pool.query('INSERT INTO profiles (user_id, email, display_name) VALUES ($1, $2, $3)', [id, address, 'Someone']);
      return id;
    };

    it('creates a new admin without a password, with a one-day link to set it, every step an event with the operator as actor', async () => {
      const address = email();
      const result = await createAdmin({ email: address, displayName: 'Jane Ops', satLeader: false });
      expect(result).toMatchObject({ created: true, promoted: true, disabled: false, needsSatLeader: true });
      expect(await isAdmin(result.userId)).toBe(true);

      const { rows } = await pool.query(
        'SELECT u.password_hash, u.email_confirmed_at, p.display_name FROM users u JOIN profiles p ON p.user_id = u.id WHERE u.id = $1',
        [result.userId],
      );
      expect(rows[0]).toEqual({ password_hash: null, email_confirmed_at: null, display_name: 'Jane Ops' });
      const token = await pool.query<{ purpose: string; minutes: number }>(
        `SELECT purpose, round(extract(epoch FROM expires_at - now()) / 60)::int AS minutes FROM email_tokens WHERE token_hash = $1 AND user_id = $2 AND used_at IS NULL`,
        [hashToken(result.passwordToken!), result.userId],
      );
      expect(token.rows[0]?.purpose).toBe('reset-password');
      expect(Math.abs(token.rows[0]!.minutes - PASSWORD_LINK_VALID_MINUTES)).toBeLessThanOrEqual(1);

      const events = await eventsOf(result.userId);
      expect(events.map((e) => e.type)).toEqual(['AccountCreated', 'AdminRoleGranted', 'PasswordLinkIssued']);
      expect(events.every((e) => e.metadata.actor.type === 'operator' && e.metadata.actor.id === 'jane@ops-host')).toBe(true);
      // No confirmation mail: nothing here triggers one (AccountRegistered would).
      expect(events.some((e) => e.type === 'AccountRegistered')).toBe(false);
    });

    it('promotes an existing confirmed account as it is: same password, no link; a second run changes nothing', async () => {
      const address = email();
      const id = await signUp(address, true);
      const first = await createAdmin({ email: address, satLeader: false });
      expect(first).toMatchObject({ userId: id, created: false, promoted: true, passwordToken: null });
      const again = await createAdmin({ email: address, satLeader: false });
      expect(again).toMatchObject({ userId: id, created: false, promoted: false, passwordToken: null });
      expect((await eventsOf(id)).map((e) => e.type)).toEqual(['AdminRoleGranted']);
      expect((await pool.query('SELECT password_hash IS NOT NULL AS kept FROM users WHERE id = $1', [id])).rows[0].kept).toBe(true);
    });

    it('drops the password of an unconfirmed account it promotes: whoever signed up with the address never proved it is theirs', async () => {
      const address = email();
      const id = await signUp(address, false);
      const result = await createAdmin({ email: address, satLeader: false });
      expect(result.passwordToken).not.toBeNull();
      expect((await pool.query('SELECT password_hash FROM users WHERE id = $1', [id])).rows[0].password_hash).toBeNull();
      expect((await eventsOf(id)).map((e) => e.type)).toEqual(['AdminRoleGranted', 'PasswordLinkIssued']);
    });

    it('with --sat-leader marks the admin a SAT leader and its own, so sign-up has a leader to offer and the admin is not asked for one', async () => {
      const result = await createAdmin({ email: email(), satLeader: true });
      expect(result.needsSatLeader).toBe(false);
      expect(result.satLeaders).toBeGreaterThanOrEqual(1);
      const { rows } = await pool.query('SELECT title_code, sat_manager_email = email AS own FROM profiles WHERE user_id = $1', [result.userId]);
      expect(rows[0]).toEqual({ title_code: 'Satellite', own: true });
      expect((await eventsOf(result.userId)).map((e) => e.type)).toEqual(['AccountCreated', 'AdminRoleGranted', 'SatLeaderMarked', 'PasswordLinkIssued']);
    });

    it('makes one account and grants the role once when 30 runs for one address meet', async () => {
      const address = email();
      const results = await inParallel(30, () => createAdmin({ email: address, satLeader: false }));
      expect(new Set(results.map((r) => r.userId)).size).toBe(1);
      expect(tally(results.map((r) => (r.created ? 'created' : 'found')))).toEqual({ created: 1, found: 29 });
      const types = (await eventsOf(results[0]!.userId)).map((e) => e.type);
      expect(tally(types.filter((t) => t !== 'PasswordLinkIssued'))).toEqual({ AccountCreated: 1, AdminRoleGranted: 1 });
    });
  });
}

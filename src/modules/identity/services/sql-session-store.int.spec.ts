import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';

import { describeOn, oneDatabase } from '../../../../test/support/test-databases.js';
import { hashToken, type SessionStore } from '../../../platform/auth/session-store.js';
import { createPool, type SqlPool } from '../../../platform/persistence/sql.js';
import { SqlSessionStore } from './sql-session-store.js';

for (const database of oneDatabase()) {
  describeOn(database, `sessions on ${database.name}`, () => {
    let pool: SqlPool;
    let sessions: SessionStore;
    let userId: string;

    beforeAll(async () => {
      pool = createPool(database.url, 4);
      sessions = new SqlSessionStore(pool, { idleMinutes: 480, absoluteHours: 168 });
      userId = randomUUID();
      await pool.query('INSERT INTO users (id, email, email_confirmed_at) VALUES ($1, $2, now())', [userId, `${userId}@agents.test`]);
    });
    afterAll(async () => pool.end());

    const age = (token: string, column: 'last_seen_at' | 'expires_at', interval: string) =>
      pool.query(`UPDATE sessions SET ${column} = now() - $2::interval WHERE token_hash = $1`, [hashToken(token), interval]);

    it('keeps a session alive while it is used, and ends it after 8 idle hours', async () => {
      const { token } = await sessions.create(userId, 'email', {});
      await age(token, 'last_seen_at', '7 hours 59 minutes');
      expect(await sessions.resolve(token)).not.toBeNull();
      // That use slid the idle window forward.
      expect(await sessions.resolve(token)).not.toBeNull();
      await age(token, 'last_seen_at', '8 hours 1 minute');
      expect(await sessions.resolve(token)).toBeNull();
    });

    it('reads the account’s roles with the session, at each request, so a revoked role stops at once', async () => {
      const { token } = await sessions.create(userId, 'email', {});
      expect((await sessions.resolve(token))?.roles).toEqual([]);
      await pool.query(`INSERT INTO user_roles (user_id, role) VALUES ($1, 'admin')`, [userId]);
      expect((await sessions.resolve(token))?.roles).toEqual(['admin']);
      await pool.query(`DELETE FROM user_roles WHERE user_id = $1`, [userId]);
      expect((await sessions.resolve(token))?.roles).toEqual([]);
    });

    it('ends a session at its absolute limit however active it is', async () => {
      const { token, expiresAt } = await sessions.create(userId, 'email', {});
      expect(expiresAt.getTime() - Date.now()).toBeGreaterThan(167 * 3_600_000);
      await age(token, 'expires_at', '1 second');
      expect(await sessions.resolve(token)).toBeNull();
    });

    it('ends every session of a disabled account, and every other one on request', async () => {
      const first = await sessions.create(userId, 'email', {});
      const second = await sessions.create(userId, 'email', {});
      const keep = await sessions.resolve(first.token);
      await sessions.revokeAllForUser(userId, keep!.sessionHash);
      expect(await sessions.resolve(first.token)).not.toBeNull();
      expect(await sessions.resolve(second.token)).toBeNull();

      await pool.query('UPDATE users SET disabled_at = now() WHERE id = $1', [userId]);
      expect(await sessions.resolve(first.token)).toBeNull();
      await pool.query('UPDATE users SET disabled_at = NULL WHERE id = $1', [userId]);
    });

    it('tells a long-lived stream whether its session still holds, without keeping it alive', async () => {
      const { token } = await sessions.create(userId, 'email', {});
      const hash = hashToken(token);
      await age(token, 'last_seen_at', '7 hours');
      expect(await sessions.isLive(hash)).toBe(true);
      const { rows } = await pool.query<{ idle: boolean }>(`SELECT last_seen_at < now() - interval '6 hours' AS idle FROM sessions WHERE token_hash = $1`, [
        hash,
      ]);
      expect(rows[0]!.idle).toBe(true);
      await sessions.revoke(hash);
      expect(await sessions.isLive(hash)).toBe(false);
    });

    it('knows no token it did not hand out, and stores none in the clear', async () => {
      const { token } = await sessions.create(userId, 'email', {});
      expect(await sessions.resolve(token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A'))).toBeNull();
      const { rows } = await pool.query('SELECT count(*)::int AS n FROM sessions WHERE token_hash = $1', [token]);
      expect(rows[0].n).toBe(0);
    });
  });
}

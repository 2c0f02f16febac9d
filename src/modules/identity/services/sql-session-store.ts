import { randomBytes } from 'node:crypto';
import type pg from 'pg';

import { hashToken, type AuthenticatedUser, type SessionStore, type SessionTimeouts, type SignInProvider } from '../../../platform/auth/session-store.js';

/** 256 random bits, shown to the browser once (in the cookie) and stored only as a hash. */
const newToken = () => randomBytes(32).toString('base64url');

/** The sessions table behind the platform's SessionStore port: a stolen database gives no usable cookie, and ending a session is immediate. */
export class SqlSessionStore implements SessionStore {
  constructor(
    private readonly pool: pg.Pool,
    private readonly timeouts: SessionTimeouts,
  ) {}

  async create(
    userId: string,
    provider: SignInProvider,
    client: { ip?: string; userAgent?: string },
  ): Promise<{ token: string; csrfToken: string; expiresAt: Date }> {
    const token = newToken();
    const csrfToken = newToken();
    const expiresAt = new Date(Date.now() + this.timeouts.absoluteHours * 3_600_000);
    await this.pool.query(
      `INSERT INTO sessions (token_hash, user_id, csrf_token, provider, expires_at, ip_address, user_agent) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [hashToken(token), userId, csrfToken, provider, expiresAt, client.ip ?? null, client.userAgent?.slice(0, 500) ?? null],
    );
    return { token, csrfToken, expiresAt };
  }

  /** The session's user, or null when the token is unknown, expired, idle too long or the account is disabled. */
  async resolve(token: string): Promise<AuthenticatedUser | null> {
    const tokenHash = hashToken(token);
    const { rows } = await this.pool.query<{ user_id: string; email: string; provider: SignInProvider; csrf_token: string; stale: boolean; roles: string[] }>(
      `SELECT s.user_id, u.email, s.provider, s.csrf_token, s.last_seen_at < now() - interval '1 minute' AS stale,
              ARRAY(SELECT r.role FROM user_roles r WHERE r.user_id = s.user_id) AS roles
         FROM sessions s JOIN users u ON u.id = s.user_id
        WHERE s.token_hash = $1 AND s.expires_at > now() AND u.disabled_at IS NULL
          AND s.last_seen_at > now() - make_interval(mins => $2)`,
      [tokenHash, this.timeouts.idleMinutes],
    );
    const row = rows[0];
    if (!row) return null;
    // Sliding idle timeout, written at most once a minute.
    if (row.stale) await this.pool.query('UPDATE sessions SET last_seen_at = now() WHERE token_hash = $1', [tokenHash]);
    return { userId: row.user_id, email: row.email, provider: row.provider, csrfToken: row.csrf_token, sessionHash: tokenHash, roles: row.roles };
  }

  /** Whether the session is still valid, without counting as activity (for long-lived streams). */
  async isLive(sessionHash: string): Promise<boolean> {
    const { rowCount } = await this.pool.query(
      `SELECT 1 FROM sessions s JOIN users u ON u.id = s.user_id
        WHERE s.token_hash = $1 AND s.expires_at > now() AND u.disabled_at IS NULL
          AND s.last_seen_at > now() - make_interval(mins => $2)`,
      [sessionHash, this.timeouts.idleMinutes],
    );
    return (rowCount ?? 0) > 0;
  }

  async revoke(sessionHash: string): Promise<void> {
    await this.pool.query('DELETE FROM sessions WHERE token_hash = $1', [sessionHash]);
  }

  /** Ends every session of a user (disabled account), or every other one (password changed). */
  async revokeAllForUser(userId: string, exceptSessionHash?: string): Promise<void> {
    await this.pool.query("DELETE FROM sessions WHERE user_id = $1 AND token_hash <> coalesce($2, '')", [userId, exceptSessionHash ?? null]);
  }

  async deleteExpired(): Promise<number> {
    const { rowCount } = await this.pool.query(`DELETE FROM sessions WHERE expires_at < now() OR last_seen_at < now() - make_interval(mins => $1)`, [
      this.timeouts.idleMinutes,
    ]);
    return rowCount ?? 0;
  }
}

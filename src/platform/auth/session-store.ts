import { createHash } from 'node:crypto';

export type SignInProvider = 'email' | 'azure' | 'google';

/** The signed-in user as the server knows them for one request. */
export type AuthenticatedUser = {
  readonly userId: string;
  readonly email: string;
  readonly provider: SignInProvider;
  readonly csrfToken: string;
  readonly sessionHash: string;
  /** The roles the account held when the session was read for this request (RolesGuard reads them here rather than asking again). */
  readonly roles?: readonly string[];
};

export type SessionTimeouts = { readonly idleMinutes: number; readonly absoluteHours: number };

/** Session and one-time tokens are stored only as this hash. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Server-side sessions: a stolen database gives no usable cookie, and ending a session is
 * immediate. The platform's guards use this port; the identity module provides it under
 * SESSION_STORE (sessions belong to accounts).
 */
export type SessionStore = {
  create(userId: string, provider: SignInProvider, client: { ip?: string; userAgent?: string }): Promise<{ token: string; csrfToken: string; expiresAt: Date }>;
  /** The session's user, or null when the token is unknown, expired, idle too long or the account is disabled. */
  resolve(token: string): Promise<AuthenticatedUser | null>;
  /** Whether the session is still valid, without counting as activity (for long-lived streams). */
  isLive(sessionHash: string): Promise<boolean>;
  revoke(sessionHash: string): Promise<void>;
  /** Ends every session of a user (disabled account), or every other one (password changed). */
  revokeAllForUser(userId: string, exceptSessionHash?: string): Promise<void>;
  /** Deletes the sessions that can no longer be used; answers how many. */
  deleteExpired(): Promise<number>;
};

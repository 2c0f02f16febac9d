import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type pg from 'pg';

import type { SessionStore } from '../../../../platform/auth/session-store.js';
import { outboxCommitted, recordInOutbox } from '../../../../platform/event-store/outbox.js';
import { ApiError } from '../../../../platform/http/api-error.js';
import { inTransaction, type SqlClient } from '../../../../platform/persistence/sql.js';
import { CONFIG, SESSION_STORE, SQL_POOL } from '../../../../platform/tokens.js';
import { accountEvent, clientOf } from '../../account-events.js';
import { accountStream, type ExternalIdentityLinked } from '../../contracts/identity.events.js';
import { EMAIL_NOT_ALLOWED_MESSAGE, isEmailAllowed } from '../../domain/email-allowlist.js';
import type { IdentityConfig } from '../../identity.config.js';
import { loadSignUpAllowlist } from '../../services/sign-up-allowlist.js';
import type { ExternalProfile } from './oidc-providers.js';
import { SignInWithExternalProfile, type ExternalSignInResult } from './sign-in-with-external-profile.command.js';

const PROVIDER_NAME = { azure: 'Microsoft', google: 'Google' } as const;

/**
 * Finds the account of a provider's identity; links it by verified e-mail to an existing
 * account the first time; otherwise creates a confirmed account. Then starts a session.
 */
@CommandHandler(SignInWithExternalProfile)
export class SignInWithExternalProfileHandler implements ICommandHandler<SignInWithExternalProfile, ExternalSignInResult> {
  constructor(
    @Inject(CONFIG) private readonly config: IdentityConfig,
    @Inject(SQL_POOL) private readonly pool: pg.Pool,
    @Inject(SESSION_STORE) private readonly sessions: SessionStore,
  ) {}

  async execute({ input: profile, context }: SignInWithExternalProfile): Promise<ExternalSignInResult> {
    const account = await inTransaction(this.pool, async (tx) => {
      const linked = await tx.query<{ user_id: string; email: string; disabled_at: Date | null }>(
        `SELECT u.id AS user_id, u.email, u.disabled_at FROM user_identities i JOIN users u ON u.id = i.user_id
          WHERE i.provider = $1 AND i.subject = $2`,
        [profile.provider, profile.subject],
      );
      if (linked.rows[0]) {
        await tx.query('UPDATE user_identities SET last_sign_in_at = now() WHERE provider = $1 AND subject = $2', [profile.provider, profile.subject]);
        return { userId: linked.rows[0].user_id, email: linked.rows[0].email, disabled: linked.rows[0].disabled_at !== null };
      }
      if (!profile.email || !profile.emailVerified) {
        throw new ApiError(
          403,
          'EMAIL_NOT_VERIFIED',
          `Your ${PROVIDER_NAME[profile.provider]} account did not share a verified e-mail address, so it cannot be used to sign in here.`,
        );
      }
      return this.linkOrCreate(tx, profile as ExternalProfile & { email: string }, context.requestId);
    });
    outboxCommitted();
    if (account.disabled) throw new ApiError(403, 'ACCOUNT_DISABLED', 'This account has been disabled. Please contact your administrator.');
    const session = await this.sessions.create(account.userId, profile.provider, clientOf(context));
    return { userId: account.userId, email: account.email, token: session.token, expiresAt: session.expiresAt };
  }

  private async linkOrCreate(tx: SqlClient, profile: ExternalProfile & { email: string }, requestId: string | undefined) {
    // FOR UPDATE: two first sign-ins of the same person at once link once.
    const existing = await tx.query<{ id: string; email_confirmed_at: Date | null; disabled_at: Date | null }>(
      'SELECT id, email_confirmed_at, disabled_at FROM users WHERE email = $1 FOR UPDATE',
      [profile.email],
    );
    let userId = existing.rows[0]?.id;
    const newAccount = !userId;
    if (userId) {
      if (!existing.rows[0]!.email_confirmed_at) {
        // The provider has just proved who owns this address; a password set by whoever
        // signed up with it unconfirmed is not theirs to keep (account pre-hijacking).
        await tx.query('UPDATE users SET email_confirmed_at = now(), password_hash = NULL WHERE id = $1', [userId]);
      }
    } else {
      // Microsoft accounts belong to the organisation's tenant; Google accounts follow the sign-up rules.
      if (profile.provider === 'google') {
        const allowlist = await loadSignUpAllowlist(tx, this.config.signUp);
        if (!isEmailAllowed(profile.email, allowlist.allowedDomains, allowlist.approvedEmails))
          throw new ApiError(403, 'EMAIL_NOT_ALLOWED', EMAIL_NOT_ALLOWED_MESSAGE);
      }
      userId = randomUUID();
      const displayName = profile.name ?? profile.email.slice(0, profile.email.indexOf('@'));
      await tx.query('INSERT INTO users (id, email, email_confirmed_at) VALUES ($1, $2, now())', [userId, profile.email]);
      await tx.query('INSERT INTO profiles (user_id, email, display_name) VALUES ($1, $2, $3)', [userId, profile.email, displayName]);
    }
    await tx.query('INSERT INTO user_identities (provider, subject, user_id, email) VALUES ($1, $2, $3, $4)', [
      profile.provider,
      profile.subject,
      userId,
      profile.email,
    ]);
    await recordInOutbox(tx, accountStream(userId), [
      accountEvent<ExternalIdentityLinked>(
        'ExternalIdentityLinked',
        { userId, provider: profile.provider, email: profile.email, newAccount },
        userId,
        requestId,
      ),
    ]);
    return { userId, email: profile.email, disabled: existing.rows[0]?.disabled_at != null };
  }
}

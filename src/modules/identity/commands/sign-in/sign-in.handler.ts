import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type pg from 'pg';

import { verifyAgainstNothing, verifyPassword } from '../../../../platform/auth/password-hasher.js';
import type { SessionStore } from '../../../../platform/auth/session-store.js';
import type { EventStore } from '../../../../platform/event-store/event-store.port.js';
import { ApiError } from '../../../../platform/http/api-error.js';
import { enforce, RateLimited, type RateLimiter } from '../../../../platform/rate-limit/rate-limiter.js';
import { recordedRefusal } from '../../../../platform/security/security-event-recorder.port.js';
import { EVENT_STORE, RATE_LIMITER, SESSION_STORE, SQL_POOL } from '../../../../platform/tokens.js';
import { recordSecurityEvent } from '../../../security/contracts/security-events.js';
import { clientOf } from '../../account-events.js';
import { FAILED_SIGN_IN_PER_ACCOUNT, SIGN_IN_PER_IP } from '../../domain/auth-rate-limits.js';
import { SignIn, type SignInResult } from './sign-in.command.js';

export const INVALID_CREDENTIALS = 'Invalid login credentials';

@CommandHandler(SignIn)
export class SignInHandler implements ICommandHandler<SignIn, SignInResult> {
  constructor(
    @Inject(SQL_POOL) private readonly pool: pg.Pool,
    @Inject(SESSION_STORE) private readonly sessions: SessionStore,
    @Inject(RATE_LIMITER) private readonly limiter: RateLimiter,
    @Inject(EVENT_STORE) private readonly store: EventStore,
  ) {}

  async execute({ input, context }: SignIn): Promise<SignInResult> {
    const client = clientOf(context);
    await enforce(this.limiter, [{ rule: SIGN_IN_PER_IP, subject: client.ip ?? 'unknown' }]);
    // Counted before the password is checked, in one atomic step: of any number of attempts
    // sent at once, only the first 10 of the window are checked at all, and after them even
    // the right password waits. A right password takes its count back.
    const attempt = await this.limiter.hit(FAILED_SIGN_IN_PER_ACCOUNT, input.email);
    if (!attempt.allowed) throw new RateLimited(attempt.retryAfterSeconds);

    const { rows } = await this.pool.query<{ id: string; password_hash: string | null; email_confirmed_at: Date | null; disabled_at: Date | null }>(
      'SELECT id, password_hash, email_confirmed_at, disabled_at FROM users WHERE email = $1',
      [input.email],
    );
    const account = rows[0];
    const passwordOk = account?.password_hash ? await verifyPassword(account.password_hash, input.password) : await verifyAgainstNothing(input.password);
    // The same answer for an unknown e-mail and a wrong password: nobody learns who has an account.
    if (!account || !passwordOk) {
      await recordSecurityEvent(this.store, 'failed_login', { ...client, userId: account?.id ?? null }, { email: input.email });
      throw new ApiError(400, 'INVALID_CREDENTIALS', INVALID_CREDENTIALS);
    }
    await this.limiter.forgive(FAILED_SIGN_IN_PER_ACCOUNT, input.email, attempt);
    if (account.disabled_at) throw new ApiError(403, 'ACCOUNT_DISABLED', 'This account has been disabled. Please contact your administrator.');
    if (!account.email_confirmed_at) {
      await recordSecurityEvent(this.store, 'failed_login', { ...client, userId: account.id }, { email: input.email, reason: 'email not confirmed' });
      throw recordedRefusal(new ApiError(403, 'EMAIL_NOT_CONFIRMED', 'Email not confirmed. Please open the link we sent you, or ask for a new one.'));
    }
    const session = await this.sessions.create(account.id, 'email', client);
    return { userId: account.id, email: input.email, ...session };
  }
}

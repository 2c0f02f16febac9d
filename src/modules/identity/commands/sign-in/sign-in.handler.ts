import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type pg from 'pg';
import { verifyAgainstNothing, verifyPassword } from '../../../../platform/auth/password-hasher.js';
import type { SessionStore } from '../../../../platform/auth/session-store.js';
import { ApiError } from '../../../../platform/http/api-error.js';
import { SESSION_STORE, SQL_POOL } from '../../../../platform/tokens.js';

export type SignInResult = { readonly userId: string; readonly email: string; readonly token: string; readonly csrfToken: string; readonly expiresAt: Date };

export class SignIn extends Command<SignInResult> {
  constructor(
    readonly email: string,
    readonly password: string,
    readonly client: { ip?: string; userAgent?: string },
  ) {
    super();
  }
}

export const INVALID_CREDENTIALS = 'Invalid login credentials';

@CommandHandler(SignIn)
export class SignInHandler implements ICommandHandler<SignIn, SignInResult> {
  constructor(
    @Inject(SQL_POOL) private readonly pool: pg.Pool,
    @Inject(SESSION_STORE) private readonly sessions: SessionStore,
  ) {}

  async execute(command: SignIn): Promise<SignInResult> {
    const { rows } = await this.pool.query<{ id: string; password_hash: string | null; email_confirmed_at: Date | null; disabled_at: Date | null }>(
      'SELECT id, password_hash, email_confirmed_at, disabled_at FROM users WHERE email = $1',
      [command.email],
    );
    const account = rows[0];
    const passwordOk = account?.password_hash ? await verifyPassword(account.password_hash, command.password) : await verifyAgainstNothing(command.password);
    // The same answer for an unknown e-mail and a wrong password: nobody learns who has an account.
    if (!account || !passwordOk) throw new ApiError(400, 'INVALID_CREDENTIALS', INVALID_CREDENTIALS);
    if (account.disabled_at) throw new ApiError(403, 'ACCOUNT_DISABLED', 'This account has been disabled. Please contact your administrator.');
    if (!account.email_confirmed_at) throw new ApiError(403, 'EMAIL_NOT_CONFIRMED', 'Email not confirmed. Please open the link we sent you, or ask for a new one.');
    const session = await this.sessions.create(account.id, 'email', command.client);
    return { userId: account.id, email: command.email, ...session };
  }
}

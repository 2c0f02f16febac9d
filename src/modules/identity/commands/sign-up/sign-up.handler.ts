import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type pg from 'pg';

import { hashPassword } from '../../../../platform/auth/password-hasher.js';
import { outboxCommitted, recordInOutbox } from '../../../../platform/event-store/outbox.js';
import { ApiError, ValidationFailed } from '../../../../platform/http/api-error.js';
import { inTransaction } from '../../../../platform/persistence/sql.js';
import { CONFIG, SQL_POOL } from '../../../../platform/tokens.js';
import { accountEvent } from '../../account-events.js';
import { accountStream, type AccountRegistered } from '../../contracts/identity.events.js';
import { EMAIL_NOT_ALLOWED_MESSAGE, isEmailAllowed } from '../../domain/email-allowlist.js';
import type { IdentityConfig } from '../../identity.config.js';
import { loadSignUpAllowlist } from '../../services/sign-up-allowlist.js';
import { SignUp } from './sign-up.command.js';

const UNIQUE_VIOLATION = '23505';

/** Creates an unconfirmed account and its profile; the confirmation e-mail follows from AccountRegistered. */
@CommandHandler(SignUp)
export class SignUpHandler implements ICommandHandler<SignUp, { userId: string }> {
  constructor(
    @Inject(CONFIG) private readonly config: IdentityConfig,
    @Inject(SQL_POOL) private readonly pool: pg.Pool,
  ) {}

  async execute({ input: request, context }: SignUp): Promise<{ userId: string }> {
    const { email } = request;
    const allowlist = await loadSignUpAllowlist(this.pool, this.config.signUp);
    if (!isEmailAllowed(email, allowlist.allowedDomains, allowlist.approvedEmails)) {
      throw new ApiError(403, 'EMAIL_NOT_ALLOWED', EMAIL_NOT_ALLOWED_MESSAGE, [{ field: 'email', message: EMAIL_NOT_ALLOWED_MESSAGE }]);
    }
    const leader = await this.pool.query<{ email: string }>(
      `SELECT p.email FROM profiles p JOIN users u ON u.id = p.user_id WHERE p.user_id = $1 AND p.title_code = 'Satellite' AND u.disabled_at IS NULL`,
      [request.satLeaderId],
    );
    if (!leader.rows[0]) throw new ValidationFailed([{ field: 'satLeaderId', message: 'Please select your SAT leader before signing up.' }]);

    const userId = randomUUID();
    const passwordHash = await hashPassword(request.password);
    const displayName = request.displayName || email.slice(0, email.indexOf('@'));
    const registered = accountEvent<AccountRegistered>('AccountRegistered', { userId, email }, userId, context.correlationId);
    try {
      await inTransaction(this.pool, async (tx) => {
        await tx.query('INSERT INTO users (id, email, password_hash) VALUES ($1, $2, $3)', [userId, email, passwordHash]);
        await tx.query('INSERT INTO profiles (user_id, email, display_name, sat_manager_email) VALUES ($1, $2, $3, $4)', [
          userId,
          email,
          displayName,
          leader.rows[0]!.email,
        ]);
        await recordInOutbox(tx, accountStream(userId), [registered]);
      });
    } catch (error) {
      if ((error as { code?: string }).code === UNIQUE_VIOLATION) {
        throw new ApiError(409, 'USER_ALREADY_EXISTS', 'An account with this email already exists. Please sign in instead.');
      }
      throw error;
    }
    outboxCommitted();
    return { userId };
  }
}

import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type pg from 'pg';

import { hashPassword } from '../../../../platform/auth/password-hasher.js';
import { hashToken } from '../../../../platform/auth/session-store.js';
import { outboxCommitted, recordInOutbox } from '../../../../platform/event-store/outbox.js';
import { ApiError } from '../../../../platform/http/api-error.js';
import { inTransaction } from '../../../../platform/persistence/sql.js';
import { SQL_POOL } from '../../../../platform/tokens.js';
import { accountEvent } from '../../account-events.js';
import { accountStream } from '../../contracts/identity.events.js';
import { ResetPassword } from './reset-password.command.js';

/** Sets a new password with the single-use token from a reset link, and ends every session of the account. */
@CommandHandler(ResetPassword)
export class ResetPasswordHandler implements ICommandHandler<ResetPassword, void> {
  constructor(@Inject(SQL_POOL) private readonly pool: pg.Pool) {}

  async execute({ input: { token, password }, context }: ResetPassword): Promise<void> {
    const passwordHash = await hashPassword(password);
    const changed = await inTransaction(this.pool, async (tx) => {
      const { rows } = await tx.query<{ user_id: string }>(
        `UPDATE email_tokens SET used_at = now()
          WHERE token_hash = $1 AND purpose = 'reset-password' AND used_at IS NULL AND expires_at > now()
          RETURNING user_id`,
        [hashToken(token)],
      );
      const userId = rows[0]?.user_id;
      if (!userId) return null;
      // Opening the link proves the mailbox: an unconfirmed account is confirmed too.
      await tx.query('UPDATE users SET password_hash = $2, email_confirmed_at = coalesce(email_confirmed_at, now()) WHERE id = $1', [userId, passwordHash]);
      await tx.query('DELETE FROM sessions WHERE user_id = $1', [userId]);
      await tx.query(`UPDATE email_tokens SET used_at = now() WHERE user_id = $1 AND purpose = 'reset-password' AND used_at IS NULL`, [userId]);
      await recordInOutbox(tx, accountStream(userId), [accountEvent('PasswordChanged', { userId, via: 'reset-link' }, userId, context.requestId)]);
      return userId;
    });
    if (!changed) throw new ApiError(400, 'RESET_LINK_INVALID', 'This password reset link has expired or was already used. Please ask for a new one.');
    outboxCommitted();
  }
}

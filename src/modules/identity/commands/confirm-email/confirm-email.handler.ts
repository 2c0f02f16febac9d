import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type pg from 'pg';

import { hashToken } from '../../../../platform/auth/session-store.js';
import { ApiError } from '../../../../platform/http/api-error.js';
import { SQL_POOL } from '../../../../platform/tokens.js';
import { ConfirmEmail } from './confirm-email.command.js';

/** Confirms an account's e-mail address with the single-use token from its confirmation link. */
@CommandHandler(ConfirmEmail)
export class ConfirmEmailHandler implements ICommandHandler<ConfirmEmail, void> {
  constructor(@Inject(SQL_POOL) private readonly pool: pg.Pool) {}

  async execute({ input: { token } }: ConfirmEmail): Promise<void> {
    const { rows } = await this.pool.query<{ user_id: string }>(
      `WITH used AS (
         UPDATE email_tokens SET used_at = now()
          WHERE token_hash = $1 AND purpose = 'confirm-email' AND used_at IS NULL AND expires_at > now()
          RETURNING user_id)
       UPDATE users SET email_confirmed_at = coalesce(email_confirmed_at, now()) WHERE id = (SELECT user_id FROM used) RETURNING id AS user_id`,
      [hashToken(token)],
    );
    if (!rows[0])
      throw new ApiError(400, 'CONFIRMATION_LINK_INVALID', 'This confirmation link has expired or was already used. Ask for a new one from the sign-in page.');
  }
}

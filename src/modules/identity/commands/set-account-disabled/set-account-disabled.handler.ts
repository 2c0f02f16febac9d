import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type pg from 'pg';

import type { SessionStore } from '../../../../platform/auth/session-store.js';
import { ApiError } from '../../../../platform/http/api-error.js';
import { SESSION_STORE, SQL_POOL } from '../../../../platform/tokens.js';
import { changeAccount } from '../../services/account-changes.js';
import { SetAccountDisabled } from './set-account-disabled.command.js';

/** Disables an account, ending every session at once, or enables it again. No admin disables themselves. */
@CommandHandler(SetAccountDisabled)
export class SetAccountDisabledHandler implements ICommandHandler<SetAccountDisabled, void> {
  constructor(
    @Inject(SQL_POOL) private readonly pool: pg.Pool,
    @Inject(SESSION_STORE) private readonly sessions: SessionStore,
  ) {}

  async execute({ input: { userId, disabled }, context }: SetAccountDisabled): Promise<void> {
    if (context.actor.id === userId && disabled) throw new ApiError(409, 'CANNOT_CHANGE_SELF', 'You cannot disable your own account.');
    const changed = await changeAccount(this.pool, userId, { disabled }, context);
    if (changed && disabled) await this.sessions.revokeAllForUser(userId);
  }
}

import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type pg from 'pg';

import { ApiError } from '../../../../platform/http/api-error.js';
import { SQL_POOL } from '../../../../platform/tokens.js';
import { changeAccount } from '../../services/account-changes.js';
import { SetAdminRole } from './set-admin-role.command.js';

/** Grants or revokes the admin role. No admin takes away their own: the portal never locks out its last admin by accident. */
@CommandHandler(SetAdminRole)
export class SetAdminRoleHandler implements ICommandHandler<SetAdminRole, void> {
  constructor(@Inject(SQL_POOL) private readonly pool: pg.Pool) {}

  async execute({ input: { userId, admin }, context }: SetAdminRole): Promise<void> {
    if (context.actor.id === userId && !admin) throw new ApiError(409, 'CANNOT_CHANGE_SELF', 'You cannot remove your own admin role.');
    await changeAccount(this.pool, userId, { admin }, context);
  }
}

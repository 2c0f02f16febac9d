import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type pg from 'pg';

import { SQL_POOL } from '../../../../platform/tokens.js';
import { changeAccount } from '../../services/account-changes.js';
import { SetSatLeaderRole } from './set-sat-leader-role.command.js';

/** Marks or unmarks a SAT leader (title_code Satellite), whom people signing up can choose. */
@CommandHandler(SetSatLeaderRole)
export class SetSatLeaderRoleHandler implements ICommandHandler<SetSatLeaderRole, void> {
  constructor(@Inject(SQL_POOL) private readonly pool: pg.Pool) {}

  async execute({ input: { userId, satLeader }, context }: SetSatLeaderRole): Promise<void> {
    await changeAccount(this.pool, userId, { satLeader }, context);
  }
}

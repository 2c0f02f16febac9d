import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type pg from 'pg';

import { ApiError, ValidationFailed } from '../../../../platform/http/api-error.js';
import { CONFIG, SQL_POOL } from '../../../../platform/tokens.js';
import type { IdentityConfig } from '../../identity.config.js';
import { choosableSatLeaderEmail } from '../../services/sat-leaders.js';
import { ChooseSatLeader } from './choose-sat-leader.command.js';

/** Saves the signed-in user's (the actor's) SAT leader (stored as the leader's e-mail, sat_manager_email), once; only an enabled SAT leader can be chosen. */
@CommandHandler(ChooseSatLeader)
export class ChooseSatLeaderHandler implements ICommandHandler<ChooseSatLeader, void> {
  constructor(
    @Inject(CONFIG) private readonly config: IdentityConfig,
    @Inject(SQL_POOL) private readonly pool: pg.Pool,
  ) {}

  async execute({ input: { satLeaderId }, context }: ChooseSatLeader): Promise<void> {
    // Once: the leader decides what the agent's transfers and team views follow, so a later change is an admin's (AssignSatLeader).
    const leaderEmail = await choosableSatLeaderEmail(this.pool, satLeaderId, this.config.satLeaderExcludedEmail);
    const { rowCount } = leaderEmail
      ? await this.pool.query('UPDATE profiles SET sat_manager_email = $2, updated_at = now() WHERE user_id = $1 AND sat_manager_email IS NULL', [
          context.actor.id,
          leaderEmail,
        ])
      : { rowCount: 0 };
    if (rowCount) return;
    const { rows } = await this.pool.query('SELECT 1 FROM profiles WHERE user_id = $1 AND sat_manager_email IS NOT NULL', [context.actor.id]);
    if (rows.length) throw new ApiError(409, 'SAT_LEADER_SET', 'Your SAT leader is already set: an admin changes it on the Users page.');
    throw new ValidationFailed([{ field: 'satLeaderId', message: 'Please select your SAT leader to continue.' }]);
  }
}

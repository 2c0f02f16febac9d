import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type pg from 'pg';

import { newEvent } from '../../../../platform/event-store/new-event.js';
import { outboxCommitted, recordInOutbox } from '../../../../platform/event-store/outbox.js';
import { ApiError, ValidationFailed } from '../../../../platform/http/api-error.js';
import { inTransaction } from '../../../../platform/persistence/sql.js';
import { CONFIG, SQL_POOL } from '../../../../platform/tokens.js';
import { accountStream, type SatLeaderAssigned } from '../../contracts/identity.events.js';
import type { IdentityConfig } from '../../identity.config.js';
import { choosableSatLeaderEmail } from '../../services/sat-leaders.js';
import { AssignSatLeader } from './assign-sat-leader.command.js';

export const NOT_A_LEADER = 'Choose an enabled SAT leader.';

/**
 * Stores the agent's new SAT leader (the leader's e-mail, sat_manager_email) with its event, the
 * admin as actor; the same leader again changes nothing. Only a leader an agent could choose can
 * be given (choosableSatLeaderEmail); a SAT leader may be their own, as the demo team's is.
 */
@CommandHandler(AssignSatLeader)
export class AssignSatLeaderHandler implements ICommandHandler<AssignSatLeader, { changed: boolean }> {
  constructor(
    @Inject(CONFIG) private readonly config: IdentityConfig,
    @Inject(SQL_POOL) private readonly pool: pg.Pool,
  ) {}

  async execute({ input: { userId, satLeaderId }, context }: AssignSatLeader): Promise<{ changed: boolean }> {
    const changed = await inTransaction(this.pool, async (tx) => {
      const { rows: agents } = await tx.query<{ leader_email: string | null }>(
        'SELECT p.sat_manager_email AS leader_email FROM users u LEFT JOIN profiles p ON p.user_id = u.id WHERE u.id = $1 FOR UPDATE OF u',
        [userId],
      );
      const agent = agents[0];
      if (!agent) throw new ApiError(404, 'USER_NOT_FOUND', 'No such user.');
      const leaderEmail = await choosableSatLeaderEmail(tx, satLeaderId, this.config.satLeaderExcludedEmail);
      if (!leaderEmail) throw new ValidationFailed([{ field: 'satLeaderId', message: NOT_A_LEADER }]);
      if (agent.leader_email?.toLowerCase() === leaderEmail.toLowerCase()) return false;
      await tx.query(
        `INSERT INTO profiles (user_id, email, sat_manager_email) SELECT id, email, $2 FROM users WHERE id = $1
         ON CONFLICT (user_id) DO UPDATE SET sat_manager_email = EXCLUDED.sat_manager_email, updated_at = now()`,
        [userId, leaderEmail],
      );
      await recordInOutbox(tx, accountStream(userId), [
        newEvent<SatLeaderAssigned['type'], SatLeaderAssigned['data']>(
          'SatLeaderAssigned',
          { userId, satLeaderEmail: leaderEmail, previousSatLeaderEmail: agent.leader_email },
          context,
        ),
      ]);
      return true;
    });
    if (changed) outboxCommitted();
    return { changed };
  }
}

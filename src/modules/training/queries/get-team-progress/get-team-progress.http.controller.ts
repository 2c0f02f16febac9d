import { Controller, Get, Inject, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type pg from 'pg';

import type { AuthenticatedUser } from '../../../../platform/auth/session-store.js';
import { CurrentUser, SessionGuard } from '../../../../platform/auth/session.guard.js';
import { ApiError } from '../../../../platform/http/api-error.js';
import { CONFIG, SQL_POOL } from '../../../../platform/tokens.js';
import { ElevatedAccessGuard } from '../../../access/contracts/elevated-access.guard.js';
import { activeMembers, satHierarchyEntry, satTeamOf } from '../../../identity/contracts/user-directory.js';
import type { TrainingConfig } from '../../training.config.js';
import { teamProgress } from './team-progress.query.js';

export const TEAM_VIEW_REFUSED = 'Only SAT leaders and admins see team training progress';

@ApiTags('training')
@Controller('api/training')
@UseGuards(SessionGuard, ElevatedAccessGuard)
export class GetTeamProgressController {
  constructor(
    @Inject(SQL_POOL) private readonly pool: pg.Pool,
    @Inject(CONFIG) private readonly config: TrainingConfig,
  ) {}

  @Get('team')
  @ApiOperation({
    summary:
      'Training progress of the agents who chose the signed-in SAT leader (admins: every active account): division, current day, days complete, expected day and standing (not-started, on-track, behind, finished). Others get 403.',
  })
  async team(@CurrentUser() user: AuthenticatedUser) {
    const me = await satHierarchyEntry(this.pool, { userId: user.userId });
    if (!me || (!me.isAdmin && !me.isSatLeader)) throw new ApiError(403, 'FORBIDDEN', TEAM_VIEW_REFUSED);
    const scope = me.isAdmin ? 'everyone' : 'team';
    const members = me.isAdmin ? await activeMembers(this.pool) : await satTeamOf(this.pool, user.userId);
    return { scope, timeZone: this.config.orgTimeZone, agents: await teamProgress(this.pool, members, new Date(), this.config.orgTimeZone) };
  }
}

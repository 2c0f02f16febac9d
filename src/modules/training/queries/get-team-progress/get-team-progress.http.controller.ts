import { Controller, Get, Inject, Param, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type pg from 'pg';
import { z } from 'zod';

import type { AuthenticatedUser } from '../../../../platform/auth/session-store.js';
import { CurrentUser, SessionGuard } from '../../../../platform/auth/session.guard.js';
import { ApiError } from '../../../../platform/http/api-error.js';
import { validate } from '../../../../platform/http/validate.js';
import { CONFIG, SQL_POOL } from '../../../../platform/tokens.js';
import { ElevatedAccessGuard } from '../../../access/contracts/elevated-access.guard.js';
import { activeMembers, satHierarchyEntry, satTeamOf, type TeamMember } from '../../../identity/contracts/user-directory.js';
import { divisionParam } from '../../commands/set-training-item/set-training-item.http.controller.js';
import type { TrainingConfig } from '../../training.config.js';
import { trainingProgressOf } from '../get-training-progress/training-progress.query.js';
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
    const { scope, members } = await this.teamOf(user);
    return { scope, timeZone: this.config.orgTimeZone, agents: await teamProgress(this.pool, members, new Date(), this.config.orgTimeZone) };
  }

  @Get('team/:userId/:division/progress')
  @ApiOperation({
    summary:
      'One agent’s ticks and answers in a division {ticked, answers}, read-only, for their SAT leader (an agent who chose them) or an admin; 404 for anyone else’s agent.',
  })
  async member(@CurrentUser() user: AuthenticatedUser, @Param('userId') rawUserId: string, @Param('division') rawDivision: string) {
    const userId = validate(z.uuid('No such agent in your team.'), rawUserId, 'userId');
    const division = validate(divisionParam, rawDivision, 'division');
    const { members } = await this.teamOf(user);
    if (!members.some((member) => member.id === userId)) throw new ApiError(404, 'NOT_IN_TEAM', 'No such agent in your team.');
    return trainingProgressOf(this.pool, userId, division);
  }

  /** Whose progress the signed-in user may see: the agents who chose them as SAT leader, or every account for an admin. */
  private async teamOf(user: AuthenticatedUser): Promise<{ scope: 'everyone' | 'team'; members: TeamMember[] }> {
    const me = await satHierarchyEntry(this.pool, { userId: user.userId });
    if (!me || (!me.isAdmin && !me.isSatLeader)) throw new ApiError(403, 'FORBIDDEN', TEAM_VIEW_REFUSED);
    return me.isAdmin ? { scope: 'everyone', members: await activeMembers(this.pool) } : { scope: 'team', members: await satTeamOf(this.pool, user.userId) };
  }
}

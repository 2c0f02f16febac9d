import { Controller, Get, Inject, Param, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type pg from 'pg';

import type { AuthenticatedUser } from '../../../../platform/auth/session-store.js';
import { CurrentUser, SessionGuard } from '../../../../platform/auth/session.guard.js';
import { validate } from '../../../../platform/http/validate.js';
import { SQL_POOL } from '../../../../platform/tokens.js';
import { ElevatedAccessGuard } from '../../../access/contracts/elevated-access.guard.js';
import { divisionParam } from '../../commands/set-training-item/set-training-item.http.controller.js';
import { trainingProgressOf } from './training-progress.query.js';

@ApiTags('training')
@Controller('api/training')
@UseGuards(SessionGuard, ElevatedAccessGuard)
export class GetTrainingProgressController {
  constructor(@Inject(SQL_POOL) private readonly pool: pg.Pool) {}

  /** The agent's own; their SAT leader and admins read it, read-only, through the team view. */
  @Get(':division/progress')
  @ApiOperation({ summary: 'The signed-in agent’s own saved progress in a division: {ticked: item ids, answers: {itemId: text}}.' })
  async progress(@CurrentUser() user: AuthenticatedUser, @Param('division') division: string) {
    return trainingProgressOf(this.pool, user.userId, validate(divisionParam, division, 'division'));
  }
}

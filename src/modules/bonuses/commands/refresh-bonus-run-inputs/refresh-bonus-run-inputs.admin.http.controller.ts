import { Controller, HttpCode, Param, Post, Req, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';

import { Roles, RolesGuard } from '../../../../platform/auth/roles.guard.js';
import type { AuthenticatedUser } from '../../../../platform/auth/session-store.js';
import { CurrentUser, SessionGuard } from '../../../../platform/auth/session.guard.js';
import { requestContextOf } from '../../../../platform/http/request-client.js';
import { validate } from '../../../../platform/http/validate.js';
import { bonusWeekParam } from '../../services/bonus-week-param.js';
import { RefreshBonusRunInputs } from './refresh-bonus-run-inputs.command.js';

@ApiTags('admin')
@Controller('api/admin/bonus-runs/:week')
@UseGuards(SessionGuard, RolesGuard)
@Roles('admin')
export class RefreshBonusRunInputsController {
  constructor(private readonly commands: CommandBus) {}

  @Post('refresh')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Freezes an open run’s inputs again (after an agent’s number or role was set): every line and exception is recomputed, adjustments stay; refused once the run is submitted.',
  })
  async refresh(@CurrentUser() admin: AuthenticatedUser, @Param('week') rawWeek: string, @Req() request: FastifyRequest) {
    const week = validate(bonusWeekParam, rawWeek, 'week');
    return this.commands.execute(new RefreshBonusRunInputs({ week }, requestContextOf(request, { type: 'user', id: admin.userId })));
  }
}

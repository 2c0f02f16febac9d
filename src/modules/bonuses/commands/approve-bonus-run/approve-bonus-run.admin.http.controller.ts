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
import { ApproveBonusRun } from './approve-bonus-run.command.js';

@ApiTags('admin')
@Controller('api/admin/bonus-runs/:week')
@UseGuards(SessionGuard, RolesGuard)
@Roles('admin')
export class ApproveBonusRunController {
  constructor(private readonly commands: CommandBus) {}

  @Post('approve')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Approves a submitted run (a second admin: not the one who prepared it, nor one who added adjustments); its payout into the wallets starts, once per agent.',
  })
  async approve(@CurrentUser() admin: AuthenticatedUser, @Param('week') rawWeek: string, @Req() request: FastifyRequest) {
    const week = validate(bonusWeekParam, rawWeek, 'week');
    await this.commands.execute(new ApproveBonusRun({ week }, requestContextOf(request, { type: 'user', id: admin.userId })));
    return { week };
  }
}

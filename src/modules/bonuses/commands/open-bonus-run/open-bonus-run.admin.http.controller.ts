import { Body, Controller, HttpCode, Post, Req, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';

import { Roles, RolesGuard } from '../../../../platform/auth/roles.guard.js';
import type { AuthenticatedUser } from '../../../../platform/auth/session-store.js';
import { CurrentUser, SessionGuard } from '../../../../platform/auth/session.guard.js';
import { requestContextOf } from '../../../../platform/http/request-client.js';
import { validate } from '../../../../platform/http/validate.js';
import { bonusWeekParam } from '../../services/bonus-week-param.js';
import { OpenBonusRun } from './open-bonus-run.command.js';

@ApiTags('admin')
@Controller('api/admin/bonus-runs')
@UseGuards(SessionGuard, RolesGuard)
@Roles('admin')
export class OpenBonusRunController {
  constructor(private readonly commands: CommandBus) {}

  @Post()
  @HttpCode(201)
  @ApiOperation({
    summary:
      'Opens the bonus run of a week that has ended ({"week": its Monday, YYYY-MM-DD}), freezing every agent’s inputs with their hash; a week that already has a run is refused (409). The weekly schedule opens runs too.',
  })
  async open(@CurrentUser() admin: AuthenticatedUser, @Body() body: unknown, @Req() request: FastifyRequest) {
    const { week } = validate(z.object({ week: bonusWeekParam }), body);
    return this.commands.execute(new OpenBonusRun({ week }, requestContextOf(request, { type: 'user', id: admin.userId })));
  }
}

import { Body, Controller, HttpCode, Param, Put, Req, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';

import { Roles, RolesGuard } from '../../../../platform/auth/roles.guard.js';
import type { AuthenticatedUser } from '../../../../platform/auth/session-store.js';
import { CurrentUser, SessionGuard } from '../../../../platform/auth/session.guard.js';
import { requestContextOf } from '../../../../platform/http/request-client.js';
import { validate } from '../../../../platform/http/validate.js';
import { SetAgentBonusSettings } from './set-agent-bonus-settings.command.js';
import { agentBonusSettingsRequest } from './set-agent-bonus-settings.request.js';

@ApiTags('admin')
@Controller('api/admin/users/:userId')
@UseGuards(SessionGuard, RolesGuard)
@Roles('admin')
export class SetAgentBonusSettingsController {
  constructor(private readonly commands: CommandBus) {}

  @Put('bonus-settings')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Sets an agent’s agent number (the marketplace service knows them by it), commission role (NEWBIE, VET, FTA, FSL, SAT), program start date (YYYY-MM-DD; weeks in program follow) and blue-report track (250K, 200K, 150K); null or empty clears one.',
  })
  async set(@CurrentUser() admin: AuthenticatedUser, @Param('userId') id: string, @Body() body: unknown, @Req() request: FastifyRequest) {
    const userId = validate(z.uuid('No such user.'), id, 'userId');
    const settings = validate(agentBonusSettingsRequest, body);
    return this.commands.execute(new SetAgentBonusSettings({ userId, ...settings }, requestContextOf(request, { type: 'user', id: admin.userId })));
  }
}

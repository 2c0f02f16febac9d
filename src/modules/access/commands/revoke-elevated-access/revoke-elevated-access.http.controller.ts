import { Controller, HttpCode, Post, Req, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';

import type { AuthenticatedUser } from '../../../../platform/auth/session-store.js';
import { CurrentUser, SessionGuard } from '../../../../platform/auth/session.guard.js';
import { requestContextOf } from '../../../../platform/http/request-client.js';
import { RevokeElevatedAccess } from './revoke-elevated-access.command.js';

@ApiTags('access')
@Controller('api/access')
@UseGuards(SessionGuard)
export class RevokeElevatedAccessController {
  constructor(private readonly commands: CommandBus) {}

  @Post('revoke')
  @HttpCode(200)
  @ApiOperation({ summary: 'Ends the signed-in user’s elevated access now.' })
  async revoke(@CurrentUser() user: AuthenticatedUser, @Req() request: FastifyRequest) {
    await this.commands.execute(new RevokeElevatedAccess({ userId: user.userId }, requestContextOf(request, { type: 'user', id: user.userId })));
    return { success: true };
  }
}

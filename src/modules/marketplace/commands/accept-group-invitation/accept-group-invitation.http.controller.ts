import { Controller, HttpCode, Param, Post, Req, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';

import type { AuthenticatedUser } from '../../../../platform/auth/session-store.js';
import { CurrentUser, SessionGuard } from '../../../../platform/auth/session.guard.js';
import { requestContextOf } from '../../../../platform/http/request-client.js';
import { validate } from '../../../../platform/http/validate.js';
import { groupIdParam } from '../../services/group-requests.js';
import { AcceptGroupInvitation } from './accept-group-invitation.command.js';

@ApiTags('groups')
@Controller('api/groups/invitations')
@UseGuards(SessionGuard)
export class AcceptGroupInvitationController {
  constructor(private readonly commands: CommandBus) {}

  @Post(':groupId/accept')
  @HttpCode(200)
  @ApiOperation({ summary: 'Joins a group the signed-in user’s address was invited to.' })
  accept(@CurrentUser() user: AuthenticatedUser, @Param('groupId') raw: string, @Req() request: FastifyRequest) {
    const groupId = validate(groupIdParam, raw, 'groupId');
    return this.commands.execute(
      new AcceptGroupInvitation({ userId: user.userId, email: user.email, groupId }, requestContextOf(request, { type: 'user', id: user.userId })),
    );
  }
}

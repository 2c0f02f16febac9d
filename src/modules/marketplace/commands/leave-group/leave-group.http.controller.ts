import { Controller, Delete, Param, Req, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';

import type { AuthenticatedUser } from '../../../../platform/auth/session-store.js';
import { CurrentUser, SessionGuard } from '../../../../platform/auth/session.guard.js';
import { requestContextOf } from '../../../../platform/http/request-client.js';
import { validate } from '../../../../platform/http/validate.js';
import { groupIdParam } from '../../services/group-requests.js';
import { LeaveGroup } from './leave-group.command.js';

@ApiTags('groups')
@Controller('api/groups/memberships')
@UseGuards(SessionGuard)
export class LeaveGroupController {
  constructor(private readonly commands: CommandBus) {}

  @Delete(':groupId')
  @ApiOperation({ summary: 'Takes the signed-in user out of another agent’s group they joined.' })
  leave(@CurrentUser() user: AuthenticatedUser, @Param('groupId') raw: string, @Req() request: FastifyRequest) {
    const groupId = validate(groupIdParam, raw, 'groupId');
    return this.commands.execute(new LeaveGroup({ memberId: user.userId, groupId }, requestContextOf(request, { type: 'user', id: user.userId })));
  }
}

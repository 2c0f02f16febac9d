import { Controller, Delete, Param, Req, UseGuards } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';

import type { AuthenticatedUser } from '../../../../platform/auth/session-store.js';
import { CurrentUser, SessionGuard } from '../../../../platform/auth/session.guard.js';
import { requestContextOf } from '../../../../platform/http/request-client.js';
import { validate } from '../../../../platform/http/validate.js';
import { recordingNotYours } from '../../../../platform/security/record-not-yours.js';
import { GROUP_NOT_YOURS, groupIdParam, memberIdParam } from '../../services/group-requests.js';
import { RemoveGroupMember } from './remove-group-member.command.js';

@ApiTags('groups')
@Controller('api/groups')
@UseGuards(SessionGuard)
export class RemoveGroupMemberController {
  constructor(
    private readonly commands: CommandBus,
    private readonly moduleRef: ModuleRef,
  ) {}

  @Delete(':groupId/members/:memberId')
  @ApiOperation({ summary: 'Removes a member from the group.' })
  removeMember(@CurrentUser() user: AuthenticatedUser, @Param('groupId') raw: string, @Param('memberId') member: string, @Req() request: FastifyRequest) {
    const groupId = validate(groupIdParam, raw, 'groupId');
    const memberId = validate(memberIdParam, member, 'memberId');
    return recordingNotYours(this.moduleRef, request, user.userId, GROUP_NOT_YOURS, () =>
      this.commands.execute(new RemoveGroupMember({ ownerId: user.userId, groupId, memberId }, requestContextOf(request, { type: 'user', id: user.userId }))),
    );
  }
}

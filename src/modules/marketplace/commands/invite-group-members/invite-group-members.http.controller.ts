import { Body, Controller, HttpCode, Param, Post, Req, UseGuards } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';

import type { AuthenticatedUser } from '../../../../platform/auth/session-store.js';
import { CurrentUser, SessionGuard } from '../../../../platform/auth/session.guard.js';
import { requestContextOf } from '../../../../platform/http/request-client.js';
import { validate } from '../../../../platform/http/validate.js';
import { recordingNotYours } from '../../../../platform/security/record-not-yours.js';
import { GROUP_NOT_YOURS, groupIdParam, groupMembersRequest } from '../../services/group-requests.js';
import { InviteGroupMembers } from './invite-group-members.command.js';

@ApiTags('groups')
@Controller('api/groups')
@UseGuards(SessionGuard)
export class InviteGroupMembersController {
  constructor(
    private readonly commands: CommandBus,
    private readonly moduleRef: ModuleRef,
  ) {}

  @Post(':groupId/members')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Invites people by e-mail; answers each address: invited (the same whether or not an account has it), already in the group (a member or invited), or yourself. They join on accepting.',
  })
  invite(@CurrentUser() user: AuthenticatedUser, @Param('groupId') raw: string, @Body() body: unknown, @Req() request: FastifyRequest) {
    const groupId = validate(groupIdParam, raw, 'groupId');
    const { emails } = validate(groupMembersRequest, body);
    return recordingNotYours(this.moduleRef, request, user.userId, GROUP_NOT_YOURS, () =>
      this.commands.execute(new InviteGroupMembers({ ownerId: user.userId, groupId, emails }, requestContextOf(request, { type: 'user', id: user.userId }))),
    );
  }
}

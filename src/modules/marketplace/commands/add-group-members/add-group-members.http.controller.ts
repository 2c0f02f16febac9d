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
import { AddGroupMembers } from './add-group-members.command.js';

@ApiTags('groups')
@Controller('api/groups')
@UseGuards(SessionGuard)
export class AddGroupMembersController {
  constructor(
    private readonly commands: CommandBus,
    private readonly moduleRef: ModuleRef,
  ) {}

  @Post(':groupId/members')
  @HttpCode(200)
  @ApiOperation({ summary: 'Adds agents by e-mail; answers each address: added, already in the group, unknown (no account) or yourself.' })
  add(@CurrentUser() user: AuthenticatedUser, @Param('groupId') raw: string, @Body() body: unknown, @Req() request: FastifyRequest) {
    const groupId = validate(groupIdParam, raw, 'groupId');
    const { emails } = validate(groupMembersRequest, body);
    return recordingNotYours(this.moduleRef, request, user.userId, GROUP_NOT_YOURS, () =>
      this.commands.execute(new AddGroupMembers({ ownerId: user.userId, groupId, emails }, requestContextOf(request, { type: 'user', id: user.userId }))),
    );
  }
}

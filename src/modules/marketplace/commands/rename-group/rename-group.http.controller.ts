import { Body, Controller, Param, Patch, Req, UseGuards } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';

import type { AuthenticatedUser } from '../../../../platform/auth/session-store.js';
import { CurrentUser, SessionGuard } from '../../../../platform/auth/session.guard.js';
import { requestContextOf } from '../../../../platform/http/request-client.js';
import { validate } from '../../../../platform/http/validate.js';
import { recordingNotYours } from '../../../../platform/security/record-not-yours.js';
import { GROUP_NOT_YOURS, groupIdParam, groupNameRequest } from '../../services/group-requests.js';
import { RenameGroup } from './rename-group.command.js';

@ApiTags('groups')
@Controller('api/groups')
@UseGuards(SessionGuard)
export class RenameGroupController {
  constructor(
    private readonly commands: CommandBus,
    private readonly moduleRef: ModuleRef,
  ) {}

  @Patch(':groupId')
  @ApiOperation({ summary: 'Renames a group.' })
  rename(@CurrentUser() user: AuthenticatedUser, @Param('groupId') raw: string, @Body() body: unknown, @Req() request: FastifyRequest) {
    const groupId = validate(groupIdParam, raw, 'groupId');
    const { name } = validate(groupNameRequest, body);
    return recordingNotYours(this.moduleRef, request, user.userId, GROUP_NOT_YOURS, () =>
      this.commands.execute(new RenameGroup({ ownerId: user.userId, groupId, name }, requestContextOf(request, { type: 'user', id: user.userId }))),
    );
  }
}

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
import { GROUP_NOT_YOURS, groupIdParam } from '../../services/group-requests.js';
import { DeleteGroup } from './delete-group.command.js';

@ApiTags('groups')
@Controller('api/groups')
@UseGuards(SessionGuard)
export class DeleteGroupController {
  constructor(
    private readonly commands: CommandBus,
    private readonly moduleRef: ModuleRef,
  ) {}

  @Delete(':groupId')
  @ApiOperation({ summary: 'Deletes a group (its members keep their accounts).' })
  remove(@CurrentUser() user: AuthenticatedUser, @Param('groupId') raw: string, @Req() request: FastifyRequest) {
    const groupId = validate(groupIdParam, raw, 'groupId');
    return recordingNotYours(this.moduleRef, request, user.userId, GROUP_NOT_YOURS, () =>
      this.commands.execute(new DeleteGroup({ ownerId: user.userId, groupId }, requestContextOf(request, { type: 'user', id: user.userId }))),
    );
  }
}

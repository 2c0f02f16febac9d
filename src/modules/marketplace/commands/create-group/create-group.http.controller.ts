import { Body, Controller, HttpCode, Post, Req, UseGuards } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';

import type { AuthenticatedUser } from '../../../../platform/auth/session-store.js';
import { CurrentUser, SessionGuard } from '../../../../platform/auth/session.guard.js';
import { requestContextOf } from '../../../../platform/http/request-client.js';
import { validate } from '../../../../platform/http/validate.js';
import { recordingNotYours } from '../../../../platform/security/record-not-yours.js';
import { GROUP_NOT_YOURS, groupNameRequest } from '../../services/group-requests.js';
import { CreateGroup } from './create-group.command.js';

@ApiTags('groups')
@Controller('api/groups')
@UseGuards(SessionGuard)
export class CreateGroupController {
  constructor(
    private readonly commands: CommandBus,
    private readonly moduleRef: ModuleRef,
  ) {}

  @Post()
  @HttpCode(201)
  @ApiOperation({ summary: 'Creates a group.' })
  create(@CurrentUser() user: AuthenticatedUser, @Body() body: unknown, @Req() request: FastifyRequest) {
    const { name } = validate(groupNameRequest, body);
    return recordingNotYours(this.moduleRef, request, user.userId, GROUP_NOT_YOURS, () =>
      this.commands.execute(new CreateGroup({ ownerId: user.userId, name }, requestContextOf(request, { type: 'user', id: user.userId }))),
    );
  }
}

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
import { GROUP_NOT_YOURS, groupIdParam, invitedEmailParam } from '../../services/group-requests.js';
import { CancelGroupInvitation } from './cancel-group-invitation.command.js';

@ApiTags('groups')
@Controller('api/groups')
@UseGuards(SessionGuard)
export class CancelGroupInvitationController {
  constructor(
    private readonly commands: CommandBus,
    private readonly moduleRef: ModuleRef,
  ) {}

  @Delete(':groupId/invitations/:email')
  @ApiOperation({ summary: 'Cancels an invitation to the group that was not answered yet.' })
  cancel(@CurrentUser() user: AuthenticatedUser, @Param('groupId') raw: string, @Param('email') rawEmail: string, @Req() request: FastifyRequest) {
    const groupId = validate(groupIdParam, raw, 'groupId');
    const email = validate(invitedEmailParam, rawEmail, 'email');
    return recordingNotYours(this.moduleRef, request, user.userId, GROUP_NOT_YOURS, () =>
      this.commands.execute(new CancelGroupInvitation({ ownerId: user.userId, groupId, email }, requestContextOf(request, { type: 'user', id: user.userId }))),
    );
  }
}

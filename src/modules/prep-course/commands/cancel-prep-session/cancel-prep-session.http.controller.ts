import { Controller, HttpCode, Param, Post, Req, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';

import { Roles, RolesGuard } from '../../../../platform/auth/roles.guard.js';
import type { AuthenticatedUser } from '../../../../platform/auth/session-store.js';
import { CurrentUser, SessionGuard } from '../../../../platform/auth/session.guard.js';
import { requestContextOf } from '../../../../platform/http/request-client.js';
import { validate } from '../../../../platform/http/validate.js';
import { SESSION_NOT_FOUND } from '../../queries/list-prep-sessions/prep-sessions.query.js';
import { CancelPrepSession } from './cancel-prep-session.command.js';

@ApiTags('admin')
@Controller('api/admin/prep-course/sessions')
@UseGuards(SessionGuard, RolesGuard)
@Roles('admin')
export class CancelPrepSessionController {
  constructor(private readonly commands: CommandBus) {}

  @Post(':sessionId/cancel')
  @HttpCode(200)
  @ApiOperation({ summary: 'Admins: cancels a course weekend that has not started; its registrants are e-mailed and get no reminders.' })
  async cancel(@CurrentUser() user: AuthenticatedUser, @Param('sessionId') id: string, @Req() request: FastifyRequest) {
    const sessionId = validate(z.uuid(SESSION_NOT_FOUND), id, 'sessionId');
    await this.commands.execute(new CancelPrepSession({ sessionId }, requestContextOf(request, { type: 'user', id: user.userId })));
    return { success: true };
  }
}

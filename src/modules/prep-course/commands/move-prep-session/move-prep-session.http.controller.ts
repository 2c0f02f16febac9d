import { Body, Controller, HttpCode, Param, Post, Req, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { isSaturday } from 'date-fns/isSaturday';
import { isValid } from 'date-fns/isValid';
import { parseISO } from 'date-fns/parseISO';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';

import { Roles, RolesGuard } from '../../../../platform/auth/roles.guard.js';
import type { AuthenticatedUser } from '../../../../platform/auth/session-store.js';
import { CurrentUser, SessionGuard } from '../../../../platform/auth/session.guard.js';
import { requestContextOf } from '../../../../platform/http/request-client.js';
import { validate } from '../../../../platform/http/validate.js';
import { SESSION_NOT_FOUND } from '../../queries/list-prep-sessions/prep-sessions.query.js';
import { MovePrepSession } from './move-prep-session.command.js';

const SATURDAY = 'Choose a Saturday (yyyy-MM-dd): the course runs Saturday and Sunday';
const moveBody = z.strictObject({
  saturday: z
    .string({ message: SATURDAY })
    .regex(/^\d{4}-\d{2}-\d{2}$/, SATURDAY)
    .refine((day) => isValid(parseISO(day)) && isSaturday(parseISO(day)), SATURDAY),
});

@ApiTags('admin')
@Controller('api/admin/prep-course/sessions')
@UseGuards(SessionGuard, RolesGuard)
@Roles('admin')
export class MovePrepSessionController {
  constructor(private readonly commands: CommandBus) {}

  @Post(':sessionId/move')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Admins: moves a course weekend to another Saturday {saturday: yyyy-MM-dd} that has no course; its registrants are e-mailed the new dates.',
  })
  async move(@CurrentUser() user: AuthenticatedUser, @Param('sessionId') id: string, @Body() body: unknown, @Req() request: FastifyRequest) {
    const sessionId = validate(z.uuid(SESSION_NOT_FOUND), id, 'sessionId');
    const { saturday } = validate(moveBody, body ?? {});
    await this.commands.execute(new MovePrepSession({ sessionId, saturday }, requestContextOf(request, { type: 'user', id: user.userId })));
    return { success: true };
  }
}

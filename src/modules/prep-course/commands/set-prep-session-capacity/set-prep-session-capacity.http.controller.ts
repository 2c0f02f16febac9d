import { Body, Controller, HttpCode, Param, Put, Req, UseGuards } from '@nestjs/common';
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
import { SetPrepSessionCapacity } from './set-prep-session-capacity.command.js';

const SEATS = 'Enter a whole number of seats from 1 to 10000';
const capacityBody = z.strictObject({ capacity: z.number({ message: SEATS }).int(SEATS).min(1, SEATS).max(10_000, SEATS) });

@ApiTags('admin')
@Controller('api/admin/prep-course/sessions')
@UseGuards(SessionGuard, RolesGuard)
@Roles('admin')
export class SetPrepSessionCapacityController {
  constructor(private readonly commands: CommandBus) {}

  @Put(':sessionId/capacity')
  @HttpCode(200)
  @ApiOperation({ summary: 'Admins: sets how many seats a course weekend has {capacity}, never below those registered; a full weekend is not offered.' })
  async setCapacity(@CurrentUser() user: AuthenticatedUser, @Param('sessionId') id: string, @Body() body: unknown, @Req() request: FastifyRequest) {
    const sessionId = validate(z.uuid(SESSION_NOT_FOUND), id, 'sessionId');
    const { capacity } = validate(capacityBody, body ?? {});
    await this.commands.execute(new SetPrepSessionCapacity({ sessionId, capacity }, requestContextOf(request, { type: 'user', id: user.userId })));
    return { success: true };
  }
}

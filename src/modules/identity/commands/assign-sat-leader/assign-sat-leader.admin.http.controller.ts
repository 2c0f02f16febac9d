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
import { AssignSatLeader } from './assign-sat-leader.command.js';
import { NOT_A_LEADER } from './assign-sat-leader.handler.js';

const requestAssignSatLeader = z.strictObject({ satLeaderId: z.uuid(NOT_A_LEADER) });

@ApiTags('admin')
@Controller('api/admin/users/:userId')
@UseGuards(SessionGuard, RolesGuard)
@Roles('admin')
export class AssignSatLeaderController {
  constructor(private readonly commands: CommandBus) {}

  @Put('leader')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Gives the user another SAT leader ({"satLeaderId": "<an enabled SAT leader’s id>"}); agents choose theirs only at their first sign-in.',
  })
  async assign(@CurrentUser() caller: AuthenticatedUser, @Param('userId') id: string, @Body() body: unknown, @Req() request: FastifyRequest) {
    const { satLeaderId } = validate(requestAssignSatLeader, body);
    const userId = validate(z.uuid('No such user.'), id, 'userId');
    return this.commands.execute(new AssignSatLeader({ userId, satLeaderId }, requestContextOf(request, { type: 'user', id: caller.userId })));
  }
}

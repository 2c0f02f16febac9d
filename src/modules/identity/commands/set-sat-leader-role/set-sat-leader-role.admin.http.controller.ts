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
import { SetSatLeaderRole } from './set-sat-leader-role.command.js';

const requestSetSatLeaderRole = z.object({ satLeader: z.boolean({ message: 'Say whether the user is a SAT leader: true or false' }) });

@ApiTags('admin')
@Controller('api/admin/users/:userId')
@UseGuards(SessionGuard, RolesGuard)
@Roles('admin')
export class SetSatLeaderRoleController {
  constructor(private readonly commands: CommandBus) {}

  @Put('sat-leader')
  @HttpCode(200)
  @ApiOperation({ summary: 'Marks ({"satLeader": true}) or unmarks the user as a SAT leader (title_code Satellite).' })
  async set(@CurrentUser() caller: AuthenticatedUser, @Param('userId') id: string, @Body() body: unknown, @Req() request: FastifyRequest) {
    const { satLeader } = validate(requestSetSatLeaderRole, body);
    const userId = validate(z.uuid('No such user.'), id, 'userId');
    await this.commands.execute(new SetSatLeaderRole({ userId, satLeader }, requestContextOf(request, { type: 'user', id: caller.userId })));
    return { success: true };
  }
}

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
import { SetAdminRole } from './set-admin-role.command.js';

const requestSetAdminRole = z.object({ admin: z.boolean({ message: 'Say whether the user is an admin: true or false' }) });

@ApiTags('admin')
@Controller('api/admin/users/:userId')
@UseGuards(SessionGuard, RolesGuard)
@Roles('admin')
export class SetAdminRoleController {
  constructor(private readonly commands: CommandBus) {}

  @Put('admin')
  @HttpCode(200)
  @ApiOperation({ summary: 'Grants ({"admin": true}) or revokes the admin role. Nobody revokes their own.' })
  async set(@CurrentUser() caller: AuthenticatedUser, @Param('userId') id: string, @Body() body: unknown, @Req() request: FastifyRequest) {
    const { admin } = validate(requestSetAdminRole, body);
    const userId = validate(z.uuid('No such user.'), id, 'userId');
    await this.commands.execute(new SetAdminRole({ userId, admin }, requestContextOf(request, { type: 'user', id: caller.userId })));
    return { success: true };
  }
}

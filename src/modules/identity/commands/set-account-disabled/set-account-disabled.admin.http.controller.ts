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
import { SetAccountDisabled } from './set-account-disabled.command.js';

const requestSetAccountDisabled = z.object({ disabled: z.boolean({ message: 'Say whether the user is disabled: true or false' }) });

@ApiTags('admin')
@Controller('api/admin/users/:userId')
@UseGuards(SessionGuard, RolesGuard)
@Roles('admin')
export class SetAccountDisabledController {
  constructor(private readonly commands: CommandBus) {}

  @Put('disabled')
  @HttpCode(200)
  @ApiOperation({ summary: 'Disables ({"disabled": true}) an account, ending its sessions at once, or enables it again.' })
  async set(@CurrentUser() caller: AuthenticatedUser, @Param('userId') id: string, @Body() body: unknown, @Req() request: FastifyRequest) {
    const { disabled } = validate(requestSetAccountDisabled, body);
    const userId = validate(z.uuid('No such user.'), id, 'userId');
    await this.commands.execute(new SetAccountDisabled({ userId, disabled }, requestContextOf(request, { type: 'user', id: caller.userId })));
    return { success: true };
  }
}

import { Body, Controller, HttpCode, Param, Put, Req, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';

import { Roles, RolesGuard } from '../../../../platform/auth/roles.guard.js';
import type { AuthenticatedUser } from '../../../../platform/auth/session-store.js';
import { CurrentUser, SessionGuard } from '../../../../platform/auth/session.guard.js';
import { userRequestContext } from '../../../../platform/event-store/new-event.js';
import { validate } from '../../../../platform/http/validate.js';
import { AdministerAccount } from './administer-account.handler.js';
import type { AccountChange } from './administer-account.js';

const userId = z.uuid('No such user.');
const flag = (field: string, what: string) => z.object({ [field]: z.boolean({ message: `Say whether the user ${what}: true or false` }) });

@ApiTags('admin')
@Controller('api/admin/users/:userId')
@UseGuards(SessionGuard, RolesGuard)
@Roles('admin')
export class AdministerAccountController {
  constructor(private readonly commands: CommandBus) {}

  @Put('admin')
  @HttpCode(200)
  @ApiOperation({ summary: 'Grants ({"admin": true}) or revokes the admin role. Nobody revokes their own.' })
  setAdmin(@CurrentUser() admin: AuthenticatedUser, @Param('userId') id: string, @Body() body: unknown, @Req() request: FastifyRequest) {
    return this.change(admin, id, validate(flag('admin', 'is an admin'), body) as AccountChange, request);
  }

  @Put('sat-leader')
  @HttpCode(200)
  @ApiOperation({ summary: 'Marks ({"satLeader": true}) or unmarks the user as a SAT leader (title_code Satellite).' })
  setSatLeader(@CurrentUser() admin: AuthenticatedUser, @Param('userId') id: string, @Body() body: unknown, @Req() request: FastifyRequest) {
    return this.change(admin, id, validate(flag('satLeader', 'is a SAT leader'), body) as AccountChange, request);
  }

  @Put('disabled')
  @HttpCode(200)
  @ApiOperation({ summary: 'Disables ({"disabled": true}) an account, ending its sessions at once, or enables it again.' })
  setDisabled(@CurrentUser() admin: AuthenticatedUser, @Param('userId') id: string, @Body() body: unknown, @Req() request: FastifyRequest) {
    return this.change(admin, id, validate(flag('disabled', 'is disabled'), body) as AccountChange, request);
  }

  private async change(admin: AuthenticatedUser, id: string, change: AccountChange, request: FastifyRequest) {
    validate(userId, id, 'userId');
    await this.commands.execute(new AdministerAccount(id, change, userRequestContext(admin.userId, String(request.id))));
    return { success: true };
  }
}

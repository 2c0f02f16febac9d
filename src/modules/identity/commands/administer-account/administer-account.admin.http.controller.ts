import { Body, Controller, HttpCode, Inject, Param, Put, Req, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import type pg from 'pg';
import { z } from 'zod';
import { AdminGuard } from '../../../../platform/auth/admin.guard.js';
import { CurrentUser, SessionGuard } from '../../../../platform/auth/session.guard.js';
import type { AuthenticatedUser, SessionStore } from '../../../../platform/auth/session-store.js';
import { userRequestContext } from '../../../../platform/event-store/new-event.js';
import { validate } from '../../../../platform/http/validate.js';
import { SESSION_STORE, SQL_POOL } from '../../../../platform/tokens.js';
import { administerAccount, type AccountChange } from './administer-account.js';

const userId = z.uuid('No such user.');
const flag = (field: string, what: string) => z.object({ [field]: z.boolean({ message: `Say whether the user ${what}: true or false` }) });

@ApiTags('admin')
@Controller('api/admin/users/:userId')
@UseGuards(SessionGuard, AdminGuard)
export class AdministerAccountController {
  constructor(
    @Inject(SQL_POOL) private readonly pool: pg.Pool,
    @Inject(SESSION_STORE) private readonly sessions: SessionStore,
  ) {}

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
    const context = userRequestContext(admin.userId, String(request.id));
    await administerAccount(this.pool, this.sessions, id, change, context);
    return { success: true };
  }
}

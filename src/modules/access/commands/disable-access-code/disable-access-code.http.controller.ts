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
import { DisableAccessCode } from './disable-access-code.command.js';

@ApiTags('admin')
@Controller('api/admin/access-codes')
@UseGuards(SessionGuard, RolesGuard)
@Roles('admin')
export class DisableAccessCodeController {
  constructor(private readonly commands: CommandBus) {}

  @Post(':codeId/disable')
  @HttpCode(200)
  @ApiOperation({ summary: 'Disables a code: it no longer unlocks anything.' })
  async disable(@CurrentUser() admin: AuthenticatedUser, @Param('codeId') codeId: string, @Req() request: FastifyRequest) {
    validate(z.uuid('No such access code.'), codeId, 'codeId');
    await this.commands.execute(new DisableAccessCode({ codeId }, requestContextOf(request, { type: 'user', id: admin.userId })));
    return { success: true };
  }
}

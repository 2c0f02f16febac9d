import { Controller, Delete, HttpCode, Param, Req, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';

import { Roles, RolesGuard } from '../../../../platform/auth/roles.guard.js';
import type { AuthenticatedUser } from '../../../../platform/auth/session-store.js';
import { CurrentUser, SessionGuard } from '../../../../platform/auth/session.guard.js';
import { requestContextOf } from '../../../../platform/http/request-client.js';
import { validate } from '../../../../platform/http/validate.js';
import { approvedEmailField } from '../approve-email/approve-email.request.js';
import { RemoveApprovedEmail } from './remove-approved-email.command.js';

@ApiTags('admin')
@Controller('api/admin/approved-emails')
@UseGuards(SessionGuard, RolesGuard)
@Roles('admin')
export class RemoveApprovedEmailController {
  constructor(private readonly commands: CommandBus) {}

  @Delete(':email')
  @HttpCode(200)
  @ApiOperation({ summary: 'Takes an address off the list; accounts already made stay.' })
  async remove(@CurrentUser() admin: AuthenticatedUser, @Param('email') raw: string, @Req() request: FastifyRequest) {
    const email = validate(approvedEmailField, raw, 'email');
    await this.commands.execute(new RemoveApprovedEmail({ email }, requestContextOf(request, { type: 'user', id: admin.userId })));
    return { success: true };
  }
}

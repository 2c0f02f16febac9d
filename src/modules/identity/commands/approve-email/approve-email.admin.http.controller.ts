import { Body, Controller, HttpCode, Post, Req, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';

import { Roles, RolesGuard } from '../../../../platform/auth/roles.guard.js';
import type { AuthenticatedUser } from '../../../../platform/auth/session-store.js';
import { CurrentUser, SessionGuard } from '../../../../platform/auth/session.guard.js';
import { requestContextOf } from '../../../../platform/http/request-client.js';
import { validate } from '../../../../platform/http/validate.js';
import { ApproveEmail } from './approve-email.command.js';
import { approveEmailRequest } from './approve-email.request.js';

@ApiTags('admin')
@Controller('api/admin/approved-emails')
@UseGuards(SessionGuard, RolesGuard)
@Roles('admin')
export class ApproveEmailController {
  constructor(private readonly commands: CommandBus) {}

  @Post()
  @HttpCode(201)
  @ApiOperation({ summary: 'Allows one more address to sign up.' })
  async add(@CurrentUser() admin: AuthenticatedUser, @Body() body: unknown, @Req() request: FastifyRequest) {
    const { email } = validate(approveEmailRequest, body);
    await this.commands.execute(new ApproveEmail({ email }, requestContextOf(request, { type: 'user', id: admin.userId })));
    return { email };
  }
}

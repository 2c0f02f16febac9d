import { Body, Controller, HttpCode, Param, Post, Req, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';

import { Roles, RolesGuard } from '../../../../platform/auth/roles.guard.js';
import type { AuthenticatedUser } from '../../../../platform/auth/session-store.js';
import { CurrentUser, SessionGuard } from '../../../../platform/auth/session.guard.js';
import { requestContextOf } from '../../../../platform/http/request-client.js';
import { validate } from '../../../../platform/http/validate.js';
import { DenyLeadReturn } from './deny-lead-return.command.js';

const denyRequest = z.object({
  reason: z.string({ message: 'Say why the return is denied; the agent sees it.' }).max(500, 'The reason is at most 500 characters'),
});

@ApiTags('leads')
@Controller('api')
@UseGuards(SessionGuard)
export class DenyLeadReturnController {
  constructor(private readonly commands: CommandBus) {}

  @Post('admin/lead-returns/:returnId/deny')
  @HttpCode(200)
  @UseGuards(RolesGuard)
  @Roles('admin')
  @ApiOperation({ summary: 'Denies a return with a reason the agent sees.' })
  async deny(@CurrentUser() admin: AuthenticatedUser, @Param('returnId') rawReturnId: string, @Body() body: unknown, @Req() request: FastifyRequest) {
    const { reason } = validate(denyRequest, body);
    const returnId = validate(z.uuid('No such return.'), rawReturnId, 'returnId');
    await this.commands.execute(
      new DenyLeadReturn(
        { returnId, reviewerId: admin.userId, reason },
        requestContextOf(request, { type: 'user', id: admin.userId }),
        `review:${returnId}:false`,
      ),
    );
    return { returnId, status: 'denied' };
  }
}

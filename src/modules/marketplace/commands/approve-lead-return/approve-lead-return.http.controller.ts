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
import { ApproveLeadReturn } from './approve-lead-return.command.js';

@ApiTags('leads')
@Controller('api')
@UseGuards(SessionGuard)
export class ApproveLeadReturnController {
  constructor(private readonly commands: CommandBus) {}

  @Post('admin/lead-returns/:returnId/approve')
  @HttpCode(200)
  @UseGuards(RolesGuard)
  @Roles('admin')
  @ApiOperation({ summary: 'Approves a return: the lead’s price goes back to the agent’s wallet and the lead is never sold again.' })
  async approve(@CurrentUser() admin: AuthenticatedUser, @Param('returnId') rawReturnId: string, @Req() request: FastifyRequest) {
    const returnId = validate(z.uuid('No such return.'), rawReturnId, 'returnId');
    await this.commands.execute(
      new ApproveLeadReturn({ returnId, reviewerId: admin.userId }, requestContextOf(request, { type: 'user', id: admin.userId }), `review:${returnId}:true`),
    );
    return { returnId, status: 'approved' };
  }
}

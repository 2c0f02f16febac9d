import { randomUUID } from 'node:crypto';
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
import { ReplyToTicket } from './reply-to-ticket.command.js';
import { replyRequest } from './reply-to-ticket.http.controller.js';

const adminReplyRequest = replyRequest.extend({ asksAgent: z.boolean('asksAgent is true or false').optional() });

@ApiTags('admin')
@Controller('api/admin/help-requests')
@UseGuards(SessionGuard, RolesGuard)
@Roles('admin')
export class ReplyToTicketAdminController {
  constructor(private readonly commands: CommandBus) {}

  @Post(':ticketId/replies')
  @HttpCode(201)
  @ApiOperation({
    summary:
      'The support team’s public reply on a help request, mailed to its agent (asksAgent: it waits on the agent’s answer, which pauses the SLA clocks). Send a replyId (UUID) to make a retry safe; files follow with ?replyId= on the files call.',
  })
  async reply(@CurrentUser() admin: AuthenticatedUser, @Param('ticketId') ticketId: string, @Body() body: unknown, @Req() request: FastifyRequest) {
    validate(z.uuid('Help request not found'), ticketId, 'ticketId');
    const input = validate(adminReplyRequest, body);
    return this.commands.execute(
      new ReplyToTicket(
        { ticketId, replyId: input.replyId ?? randomUUID(), side: 'admin', body: input.body, asksAgent: input.asksAgent ?? false },
        requestContextOf(request, { type: 'user', id: admin.userId }),
      ),
    );
  }
}

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
import { TICKET_STATUSES } from '../../contracts/ticket-values.js';
import { ChangeTicketStatus } from './change-ticket-status.command.js';

const statusRequest = z.object({
  status: z.enum(TICKET_STATUSES, 'Choose To Do, In Progress or Done'),
  comment: z.string().max(5_000, 'The comment is too long').nullish(),
});

@ApiTags('admin')
@Controller('api/admin/help-requests')
@UseGuards(SessionGuard, RolesGuard)
@Roles('admin')
export class ChangeTicketStatusController {
  constructor(private readonly commands: CommandBus) {}

  @Post(':ticketId/status')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Sets a help request’s status (any order); a comment is appended to the admin notes with a timestamp. Answers the status and notes.',
  })
  async change(@CurrentUser() admin: AuthenticatedUser, @Param('ticketId') ticketId: string, @Body() body: unknown, @Req() request: FastifyRequest) {
    validate(z.uuid('Help request not found'), ticketId, 'ticketId');
    const input = validate(statusRequest, body);
    return this.commands.execute(
      new ChangeTicketStatus({ ticketId, status: input.status, comment: input.comment ?? null }, requestContextOf(request, { type: 'user', id: admin.userId })),
    );
  }
}

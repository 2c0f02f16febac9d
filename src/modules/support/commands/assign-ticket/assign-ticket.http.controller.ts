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
import { AssignTicket, NOT_AN_ADMIN } from './assign-ticket.command.js';

const assignRequest = z.object({ assigneeId: z.uuid(NOT_AN_ADMIN).nullable() });

@ApiTags('admin')
@Controller('api/admin/help-requests')
@UseGuards(SessionGuard, RolesGuard)
@Roles('admin')
export class AssignTicketController {
  constructor(private readonly commands: CommandBus) {}

  @Put(':ticketId/assignee')
  @HttpCode(200)
  @ApiOperation({ summary: 'Assigns a help request to an admin (assigneeId), or leaves it unassigned (null); each change is kept in its timeline.' })
  async assign(@CurrentUser() admin: AuthenticatedUser, @Param('ticketId') ticketId: string, @Body() body: unknown, @Req() request: FastifyRequest) {
    validate(z.uuid('Help request not found'), ticketId, 'ticketId');
    const { assigneeId } = validate(assignRequest, body);
    return this.commands.execute(new AssignTicket({ ticketId, assigneeId }, requestContextOf(request, { type: 'user', id: admin.userId })));
  }
}

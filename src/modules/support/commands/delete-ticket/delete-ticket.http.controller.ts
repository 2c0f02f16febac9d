import { Controller, Delete, HttpCode, Param, Req, UseGuards } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';

import type { AuthenticatedUser } from '../../../../platform/auth/session-store.js';
import { CurrentUser, SessionGuard } from '../../../../platform/auth/session.guard.js';
import { requestContextOf } from '../../../../platform/http/request-client.js';
import { validate } from '../../../../platform/http/validate.js';
import { ElevatedAccessGuard } from '../../../access/contracts/elevated-access.guard.js';
import { recordingTicketNotYours } from '../../services/ticket-requests.js';
import { DeleteTicket } from './delete-ticket.command.js';

@ApiTags('support')
@Controller('api/support/tickets')
// Behind /my-tickets, a protected page: work-account users and agents with elevated access.
@UseGuards(SessionGuard, ElevatedAccessGuard)
export class DeleteTicketController {
  constructor(
    private readonly commands: CommandBus,
    private readonly moduleRef: ModuleRef,
  ) {}

  @Delete(':ticketId')
  @HttpCode(200)
  @ApiOperation({ summary: 'Deletes the agent’s own ticket while it is To Do, with its files.' })
  async delete(@CurrentUser() user: AuthenticatedUser, @Param('ticketId') ticketId: string, @Req() request: FastifyRequest) {
    validate(z.uuid('Help request not found'), ticketId, 'ticketId');
    await recordingTicketNotYours(this.moduleRef, request, user.userId, () =>
      this.commands.execute(new DeleteTicket({ ticketId }, requestContextOf(request, { type: 'user', id: user.userId }))),
    );
    return { success: true };
  }
}

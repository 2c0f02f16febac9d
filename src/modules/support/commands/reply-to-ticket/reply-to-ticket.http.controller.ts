import { randomUUID } from 'node:crypto';
import { Body, Controller, HttpCode, Param, Post, Req, UseGuards } from '@nestjs/common';
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
import { MAX_MESSAGE_LENGTH } from '../../domain/ticket.decider.js';
import { recordingTicketNotYours } from '../../services/ticket-requests.js';
import { ReplyToTicket } from './reply-to-ticket.command.js';

export const replyRequest = z.object({
  body: z.string('Write the reply first').max(MAX_MESSAGE_LENGTH, `The reply is too long (at most ${MAX_MESSAGE_LENGTH} characters)`),
  replyId: z.uuid('replyId must be a UUID').optional(),
});

@ApiTags('support')
@Controller('api/support/tickets')
// Behind /my-tickets, a protected page: work-account users and agents with elevated access.
@UseGuards(SessionGuard, ElevatedAccessGuard)
export class ReplyToTicketController {
  constructor(
    private readonly commands: CommandBus,
    private readonly moduleRef: ModuleRef,
  ) {}

  @Post(':ticketId/replies')
  @HttpCode(201)
  @ApiOperation({
    summary: 'The agent’s public reply on their own ticket. Send a replyId (UUID) to make a retry safe; files follow with ?replyId= on the files call.',
  })
  async reply(@CurrentUser() user: AuthenticatedUser, @Param('ticketId') ticketId: string, @Body() body: unknown, @Req() request: FastifyRequest) {
    validate(z.uuid('Help request not found'), ticketId, 'ticketId');
    const input = validate(replyRequest, body);
    return recordingTicketNotYours(this.moduleRef, request, user.userId, () =>
      this.commands.execute(
        new ReplyToTicket(
          { ticketId, replyId: input.replyId ?? randomUUID(), side: 'agent', body: input.body, asksAgent: false },
          requestContextOf(request, { type: 'user', id: user.userId }),
        ),
      ),
    );
  }
}

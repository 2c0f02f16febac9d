import { Body, Controller, HttpCode, Param, Post, Query, Req, UseGuards } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';

import type { AuthenticatedUser } from '../../../../platform/auth/session-store.js';
import { CurrentUser, SessionGuard } from '../../../../platform/auth/session.guard.js';
import { ApiError } from '../../../../platform/http/api-error.js';
import { requestContextOf } from '../../../../platform/http/request-client.js';
import { validate } from '../../../../platform/http/validate.js';
import { recordingTicketNotYours } from '../../services/ticket-requests.js';
import { AttachTicketFile } from './attach-ticket-file.command.js';

@ApiTags('support')
@Controller('api/support/tickets')
@UseGuards(SessionGuard)
export class AttachTicketFileController {
  constructor(
    private readonly commands: CommandBus,
    private readonly moduleRef: ModuleRef,
  ) {}

  // Takes a file as its body: listed in support.registration.ts's uploadRoutes.
  @Post(':ticketId/files')
  @HttpCode(201)
  @ApiOperation({
    summary:
      'Attaches one file (body application/octet-stream, ?name= the original name) to the agent’s own ticket, or with ?replyId= to the caller’s own reply on it (the agent’s or an admin’s): at most 10MB, images, PDF, DOC or DOCX by its bytes.',
  })
  async attach(
    @CurrentUser() user: AuthenticatedUser,
    @Param('ticketId') ticketId: string,
    @Query() query: unknown,
    @Body() body: unknown,
    @Req() request: FastifyRequest,
  ) {
    validate(z.uuid('Help request not found'), ticketId, 'ticketId');
    const { name, replyId } = validate(
      z.object({ name: z.string().trim().min(1, 'Name the file').max(1000, 'The file name is too long'), replyId: z.uuid('Reply not found').optional() }),
      query,
    );
    if (!Buffer.isBuffer(body)) throw new ApiError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the file as application/octet-stream.');
    return recordingTicketNotYours(this.moduleRef, request, user.userId, () =>
      this.commands.execute(new AttachTicketFile({ ticketId, name, bytes: body, replyId }, requestContextOf(request, { type: 'user', id: user.userId }))),
    );
  }
}

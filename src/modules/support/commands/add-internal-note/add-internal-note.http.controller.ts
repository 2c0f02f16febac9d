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
import { MAX_MESSAGE_LENGTH } from '../../domain/ticket.decider.js';
import { AddInternalNote } from './add-internal-note.command.js';

const noteRequest = z.object({
  body: z.string('Write the internal note first').max(MAX_MESSAGE_LENGTH, `The internal note is too long (at most ${MAX_MESSAGE_LENGTH} characters)`),
  noteId: z.uuid('noteId must be a UUID').optional(),
});

@ApiTags('admin')
@Controller('api/admin/help-requests')
@UseGuards(SessionGuard, RolesGuard)
@Roles('admin')
export class AddInternalNoteController {
  constructor(private readonly commands: CommandBus) {}

  @Post(':ticketId/internal-notes')
  @HttpCode(201)
  @ApiOperation({ summary: 'An internal note on a help request: admins alone read it; no agent answer, notice or e-mail carries it.' })
  async add(@CurrentUser() admin: AuthenticatedUser, @Param('ticketId') ticketId: string, @Body() body: unknown, @Req() request: FastifyRequest) {
    validate(z.uuid('Help request not found'), ticketId, 'ticketId');
    const input = validate(noteRequest, body);
    return this.commands.execute(
      new AddInternalNote({ ticketId, noteId: input.noteId ?? randomUUID(), body: input.body }, requestContextOf(request, { type: 'user', id: admin.userId })),
    );
  }
}

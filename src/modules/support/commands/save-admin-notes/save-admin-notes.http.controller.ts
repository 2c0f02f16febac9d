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
import { MAX_NOTES_LENGTH } from '../../domain/ticket.decider.js';
import { SaveAdminNotes } from './save-admin-notes.command.js';

const notesRequest = z.object({
  adminNotes: z.string('Write the notes as text').max(MAX_NOTES_LENGTH, 'The admin notes are too long'),
  previousNotes: z.string('Send the notes the edit started from').max(MAX_NOTES_LENGTH, 'The admin notes are too long'),
});

@ApiTags('admin')
@Controller('api/admin/help-requests')
@UseGuards(SessionGuard, RolesGuard)
@Roles('admin')
export class SaveAdminNotesController {
  constructor(private readonly commands: CommandBus) {}

  @Put(':ticketId/notes')
  @HttpCode(200)
  @ApiOperation({ summary: 'Saves a help request’s admin notes as written; 409 when they changed since `previousNotes` (another admin, a status comment).' })
  async save(@CurrentUser() admin: AuthenticatedUser, @Param('ticketId') ticketId: string, @Body() body: unknown, @Req() request: FastifyRequest) {
    validate(z.uuid('Help request not found'), ticketId, 'ticketId');
    const { adminNotes, previousNotes } = validate(notesRequest, body);
    await this.commands.execute(new SaveAdminNotes({ ticketId, adminNotes, previousNotes }, requestContextOf(request, { type: 'user', id: admin.userId })));
    return { success: true };
  }
}

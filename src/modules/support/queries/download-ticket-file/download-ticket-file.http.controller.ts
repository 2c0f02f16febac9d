import { Controller, Get, Inject, Param, Req, Res, UseGuards } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';

import { ROLE_DIRECTORY, type RoleDirectory } from '../../../../platform/auth/role-directory.port.js';
import type { AuthenticatedUser } from '../../../../platform/auth/session-store.js';
import { CurrentUser, SessionGuard } from '../../../../platform/auth/session.guard.js';
import type { EventStore } from '../../../../platform/event-store/event-store.port.js';
import type { FileStorage } from '../../../../platform/files/file-storage.port.js';
import { ApiError } from '../../../../platform/http/api-error.js';
import { validate } from '../../../../platform/http/validate.js';
import { EVENT_STORE, FILE_STORAGE } from '../../../../platform/tokens.js';
import { attachmentDisposition } from '../../services/attachments.js';
import { ticketFor } from '../../services/ticket-access.js';
import { recordingTicketNotYours } from '../../services/ticket-requests.js';

const FILE_NOT_FOUND = 'File not found';

@ApiTags('support')
@Controller('api/support/tickets')
@UseGuards(SessionGuard)
export class DownloadTicketFileController {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(ROLE_DIRECTORY) private readonly roles: RoleDirectory,
    @Inject(FILE_STORAGE) private readonly files: FileStorage,
    private readonly moduleRef: ModuleRef,
  ) {}

  @Get(':ticketId/files/:fileId')
  @ApiOperation({ summary: 'Downloads a ticket’s file, for its agent and admins only, always as an attachment.' })
  async download(
    @CurrentUser() user: AuthenticatedUser,
    @Param('ticketId') ticketId: string,
    @Param('fileId') fileId: string,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ) {
    validate(z.uuid('Help request not found'), ticketId, 'ticketId');
    validate(z.uuid(FILE_NOT_FOUND), fileId, 'fileId');
    const ticket = await recordingTicketNotYours(this.moduleRef, request, user.userId, () => ticketFor(this.store, this.roles, ticketId, user.userId));
    const file = ticket.files.find((candidate) => candidate.fileId === fileId);
    const bytes = file ? await this.files.get(file.key) : null;
    if (!file || !bytes) throw new ApiError(404, 'FILE_NOT_FOUND', FILE_NOT_FOUND);
    return reply
      .header('content-type', file.contentType)
      .header('content-length', String(file.size))
      .header('content-disposition', attachmentDisposition(file.name))
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-store')
      .send(bytes);
  }
}

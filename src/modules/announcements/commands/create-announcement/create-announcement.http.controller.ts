import { randomUUID } from 'node:crypto';
import { Body, Controller, HttpCode, Post, Req, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';

import { Roles, RolesGuard } from '../../../../platform/auth/roles.guard.js';
import type { AuthenticatedUser } from '../../../../platform/auth/session-store.js';
import { CurrentUser, SessionGuard } from '../../../../platform/auth/session.guard.js';
import { requestContextOf } from '../../../../platform/http/request-client.js';
import { CreateAnnouncement } from './create-announcement.command.js';
import { announcementInput } from './create-announcement.request.js';

@ApiTags('admin')
@Controller('api/admin/announcements')
@UseGuards(SessionGuard, RolesGuard)
@Roles('admin')
export class CreateAnnouncementController {
  constructor(private readonly commands: CommandBus) {}

  @Post()
  @HttpCode(201)
  @ApiOperation({
    summary:
      'Admins: announces {title, content} (plain text, both required), optionally from publishFrom until expiresAt (ISO instants); answers {announcementId}.',
  })
  async create(@CurrentUser() user: AuthenticatedUser, @Body() body: unknown, @Req() request: FastifyRequest) {
    const input = announcementInput(body);
    return this.commands.execute(
      new CreateAnnouncement({ ...input, announcementId: randomUUID() }, requestContextOf(request, { type: 'user', id: user.userId })),
    );
  }
}

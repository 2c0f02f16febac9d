import { Controller, Delete, HttpCode, Param, Req, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';

import { Roles, RolesGuard } from '../../../../platform/auth/roles.guard.js';
import type { AuthenticatedUser } from '../../../../platform/auth/session-store.js';
import { CurrentUser, SessionGuard } from '../../../../platform/auth/session.guard.js';
import { requestContextOf } from '../../../../platform/http/request-client.js';
import { validate } from '../../../../platform/http/validate.js';
import { ANNOUNCEMENT_NOT_FOUND } from '../../queries/list-announcements/announcements.query.js';
import { DeleteAnnouncement } from './delete-announcement.command.js';

@ApiTags('admin')
@Controller('api/admin/announcements')
@UseGuards(SessionGuard, RolesGuard)
@Roles('admin')
export class DeleteAnnouncementController {
  constructor(private readonly commands: CommandBus) {}

  @Delete(':announcementId')
  @HttpCode(200)
  @ApiOperation({ summary: 'Admins: takes an announcement down (soft: it stays stored, no longer shown).' })
  async delete(@CurrentUser() user: AuthenticatedUser, @Param('announcementId') id: string, @Req() request: FastifyRequest) {
    const announcementId = validate(z.uuid(ANNOUNCEMENT_NOT_FOUND), id, 'announcementId');
    await this.commands.execute(new DeleteAnnouncement({ announcementId }, requestContextOf(request, { type: 'user', id: user.userId })));
    return { success: true };
  }
}

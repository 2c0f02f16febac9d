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
import { ANNOUNCEMENT_NOT_FOUND } from '../../queries/list-announcements/announcements.query.js';
import { announcementInput } from '../create-announcement/create-announcement.request.js';
import { UpdateAnnouncement } from './update-announcement.command.js';

@ApiTags('admin')
@Controller('api/admin/announcements')
@UseGuards(SessionGuard, RolesGuard)
@Roles('admin')
export class UpdateAnnouncementController {
  constructor(private readonly commands: CommandBus) {}

  @Put(':announcementId')
  @HttpCode(200)
  @ApiOperation({ summary: 'Admins: edits an announcement (the same body as creating one); a deleted one is not found.' })
  async update(@CurrentUser() user: AuthenticatedUser, @Param('announcementId') id: string, @Body() body: unknown, @Req() request: FastifyRequest) {
    const announcementId = validate(z.uuid(ANNOUNCEMENT_NOT_FOUND), id, 'announcementId');
    const input = announcementInput(body);
    await this.commands.execute(new UpdateAnnouncement({ ...input, announcementId }, requestContextOf(request, { type: 'user', id: user.userId })));
    return { success: true };
  }
}

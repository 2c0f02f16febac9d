import { Body, Controller, HttpCode, Inject, Post, Req, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import type pg from 'pg';

import { Roles, RolesGuard } from '../../../../platform/auth/roles.guard.js';
import type { AuthenticatedUser } from '../../../../platform/auth/session-store.js';
import { CurrentUser, SessionGuard } from '../../../../platform/auth/session.guard.js';
import { idempotencyKeyOf, idempotent } from '../../../../platform/http/idempotency.js';
import { requestContextOf } from '../../../../platform/http/request-client.js';
import { deterministicUuid } from '../../../../platform/ids/deterministic-uuid.js';
import { SQL_POOL } from '../../../../platform/tokens.js';
import { CreateAnnouncement } from './create-announcement.command.js';
import { announcementInput } from './create-announcement.request.js';

/** An announcement's id from its author and the request's key: the same request again names the same announcement. */
const announcementIdOf = (adminId: string, key: string) => deterministicUuid('v8', 'announcement', adminId, key);

@ApiTags('admin')
@Controller('api/admin/announcements')
@UseGuards(SessionGuard, RolesGuard)
@Roles('admin')
export class CreateAnnouncementController {
  constructor(
    private readonly commands: CommandBus,
    @Inject(SQL_POOL) private readonly pool: pg.Pool,
  ) {}

  @Post()
  @HttpCode(201)
  @ApiOperation({
    summary:
      'Admins: announces {title, content} (plain text, both required), optionally from publishFrom until expiresAt (ISO instants); answers {announcementId}. Idempotency-Key required: the same key again answers the same announcement.',
  })
  async create(@CurrentUser() user: AuthenticatedUser, @Body() body: unknown, @Req() request: FastifyRequest) {
    const key = idempotencyKeyOf(request.headers, 'Creating an announcement needs');
    const input = announcementInput(body);
    const answer = await idempotent(this.pool, { scope: user.userId, key, payload: { route: 'create-announcement', ...input } }, async () => {
      const result = await this.commands.execute(
        new CreateAnnouncement({ ...input, announcementId: announcementIdOf(user.userId, key) }, requestContextOf(request, { type: 'user', id: user.userId })),
      );
      return { status: 201, body: result };
    });
    return answer.body;
  }
}

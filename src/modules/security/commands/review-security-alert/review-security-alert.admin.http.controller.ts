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
import { ReviewSecurityAlert } from './review-security-alert.command.js';

const updateRequest = z.object({
  status: z.enum(['acknowledged', 'resolved'], { message: 'Choose acknowledged or resolved' }),
  note: z.string().trim().max(2000, 'The note is too long').optional(),
});

@ApiTags('admin')
@Controller('api/admin/security/alerts')
@UseGuards(SessionGuard, RolesGuard)
@Roles('admin')
export class ReviewSecurityAlertController {
  constructor(private readonly commands: CommandBus) {}

  /** Each change is an event with the admin as actor; the row is locked, so two admins at once make one change. */
  @Post(':alertId')
  @HttpCode(200)
  @ApiOperation({ summary: 'Acknowledges or resolves an alert, with an optional note (active → acknowledged → resolved; resolved is final; 409 otherwise).' })
  async update(@Param('alertId') alertId: string, @Body() body: unknown, @CurrentUser() admin: AuthenticatedUser, @Req() request: FastifyRequest) {
    validate(z.uuid('No such alert.'), alertId, 'alertId');
    const { status, note } = validate(updateRequest, body);
    await this.commands.execute(new ReviewSecurityAlert({ alertId, status, note }, requestContextOf(request, { type: 'user', id: admin.userId })));
    return { success: true };
  }
}

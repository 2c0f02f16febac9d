import { Controller, Get, Inject, Query, Req, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';

import { Roles, RolesGuard } from '../auth/roles.guard.js';
import type { AuthenticatedUser } from '../auth/session-store.js';
import { CurrentUser, SessionGuard } from '../auth/session.guard.js';
import { requestClient } from '../http/request-client.js';
import { validate } from '../http/validate.js';
import { SECURITY_EVENT_RECORDER, type SecurityEventRecorder } from '../security/security-event-recorder.port.js';
import { MAILER } from '../tokens.js';
import type { Mailer } from './mailer.js';

const outboxQuery = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  to: z.email('Enter a valid email address').optional(),
});

@ApiTags('admin')
@Controller('api/admin/outbox')
@UseGuards(SessionGuard, RolesGuard)
@Roles('admin')
export class OutboxController {
  constructor(
    @Inject(MAILER) private readonly mailer: Mailer,
    @Inject(SECURITY_EVENT_RECORDER) private readonly securityEvents: SecurityEventRecorder,
  ) {}

  /** The mails hold confirmation and password-reset links, which sign people in: each read is a credential_access event. */
  @Get()
  @ApiOperation({ summary: 'The newest e-mails the portal sent or kept in its outbox (admins only; recorded as credential access).' })
  async list(@CurrentUser() admin: AuthenticatedUser, @Query() query: unknown, @Req() request: FastifyRequest) {
    const { limit, to } = validate(outboxQuery, query);
    const messages = await this.mailer.recent(limit, to);
    await this.securityEvents.record(
      'credential_access',
      { ...requestClient(request), userId: admin.userId },
      { resource: 'mail outbox (confirmation and password-reset links)', to: to ?? null, messages: messages.length },
    );
    return { transport: this.mailer.transport, messages };
  }
}

import { Controller, Get, Inject, Query, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import { AdminGuard } from '../auth/admin.guard.js';
import { SessionGuard } from '../auth/session.guard.js';
import { validate } from '../http/validate.js';
import { MAILER } from '../tokens.js';
import type { Mailer } from './mailer.js';

const outboxQuery = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  to: z.email('Enter a valid email address').optional(),
});

@ApiTags('admin')
@Controller('api/admin/outbox')
@UseGuards(SessionGuard, AdminGuard)
export class OutboxController {
  constructor(@Inject(MAILER) private readonly mailer: Mailer) {}

  @Get()
  @ApiOperation({ summary: 'The newest e-mails the portal sent or kept in its outbox (admins only).' })
  async list(@Query() query: unknown) {
    const { limit, to } = validate(outboxQuery, query);
    return { transport: this.mailer.transport, messages: await this.mailer.recent(limit, to) };
  }
}

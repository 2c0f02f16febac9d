import { Controller, Get, Inject, Param, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type pg from 'pg';
import { z } from 'zod';

import { Roles, RolesGuard } from '../../../../platform/auth/roles.guard.js';
import { SessionGuard } from '../../../../platform/auth/session.guard.js';
import { validate } from '../../../../platform/http/validate.js';
import { SQL_POOL } from '../../../../platform/tokens.js';
import { listTicketMessages } from './list-ticket-messages.query.js';

@ApiTags('admin')
@Controller('api/admin/help-requests')
@UseGuards(SessionGuard, RolesGuard)
@Roles('admin')
export class ListTicketConversationController {
  constructor(@Inject(SQL_POOL) private readonly pool: pg.Pool) {}

  @Get(':ticketId/conversation')
  @ApiOperation({ summary: 'A help request’s replies and internal notes, oldest first, with each author.' })
  async list(@Param('ticketId') ticketId: string) {
    validate(z.uuid('Help request not found'), ticketId, 'ticketId');
    return { messages: await listTicketMessages(this.pool, ticketId, null) };
  }
}

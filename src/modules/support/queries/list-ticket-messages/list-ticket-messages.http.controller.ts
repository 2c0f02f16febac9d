import { Controller, Get, Inject, Param, Req, UseGuards } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import type pg from 'pg';
import { z } from 'zod';

import type { AuthenticatedUser } from '../../../../platform/auth/session-store.js';
import { CurrentUser, SessionGuard } from '../../../../platform/auth/session.guard.js';
import { validate } from '../../../../platform/http/validate.js';
import { SQL_POOL } from '../../../../platform/tokens.js';
import { ElevatedAccessGuard } from '../../../access/contracts/elevated-access.guard.js';
import { recordingTicketNotYours } from '../../services/ticket-requests.js';
import { listTicketMessages } from './list-ticket-messages.query.js';

@ApiTags('support')
@Controller('api/support/tickets')
// Behind /my-tickets, a protected page: work-account users and agents with elevated access.
@UseGuards(SessionGuard, ElevatedAccessGuard)
export class ListTicketRepliesController {
  constructor(
    @Inject(SQL_POOL) private readonly pool: pg.Pool,
    private readonly moduleRef: ModuleRef,
  ) {}

  @Get(':ticketId/replies')
  @ApiOperation({ summary: 'The public replies on the agent’s own ticket, oldest first (never the admins’ internal notes).' })
  async list(@CurrentUser() user: AuthenticatedUser, @Param('ticketId') ticketId: string, @Req() request: FastifyRequest) {
    validate(z.uuid('Help request not found'), ticketId, 'ticketId');
    return recordingTicketNotYours(this.moduleRef, request, user.userId, async () => ({
      replies: await listTicketMessages(this.pool, ticketId, user.userId),
    }));
  }
}

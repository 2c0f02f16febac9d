import { Controller, Get, Inject, Query, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type pg from 'pg';
import { z } from 'zod';

import type { AuthenticatedUser } from '../../../../platform/auth/session-store.js';
import { CurrentUser, SessionGuard } from '../../../../platform/auth/session.guard.js';
import { validate } from '../../../../platform/http/validate.js';
import { CONFIG, SQL_POOL } from '../../../../platform/tokens.js';
import { ElevatedAccessGuard } from '../../../access/contracts/elevated-access.guard.js';
import { TICKET_STATUSES } from '../../contracts/ticket-values.js';
import { slaNow } from '../../domain/ticket-sla.js';
import { searchText } from '../../services/ticket-search.js';
import type { SupportConfig } from '../../support.config.js';
import { listMyTickets } from './list-my-tickets.query.js';

const filters = z.object({
  status: z.enum(TICKET_STATUSES, 'Choose To Do, In Progress or Done').optional(),
  q: searchText,
});

@ApiTags('support')
@Controller('api/support/tickets')
// Behind /my-tickets, a protected page: work-account users and agents with elevated access.
@UseGuards(SessionGuard, ElevatedAccessGuard)
export class ListMyTicketsController {
  constructor(
    @Inject(SQL_POOL) private readonly pool: pg.Pool,
    @Inject(CONFIG) private readonly config: SupportConfig,
  ) {}

  @Get()
  @ApiOperation({
    summary:
      'The signed-in agent’s own help requests, newest first (?status= To Do, In Progress or Done; ?q= words in the concern, notes or replies), each with its SLA clocks now.',
  })
  async list(@CurrentUser() user: AuthenticatedUser, @Query() query: unknown) {
    const { status, q } = validate(filters, query);
    const now = new Date();
    const tickets = await listMyTickets(this.pool, user.userId, status ?? null, q ?? null);
    return { tickets: tickets.map((ticket) => ({ ...ticket, sla: slaNow(ticket.sla, this.config.slaPolicy, now) })) };
  }
}

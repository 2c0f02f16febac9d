import { Controller, Get, Inject, Param, Query, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type pg from 'pg';
import { z } from 'zod';

import { Roles, RolesGuard } from '../../../../platform/auth/roles.guard.js';
import type { AuthenticatedUser } from '../../../../platform/auth/session-store.js';
import { CurrentUser, SessionGuard } from '../../../../platform/auth/session.guard.js';
import { DomainError } from '../../../../platform/domain/domain-error.js';
import { validate } from '../../../../platform/http/validate.js';
import { CONFIG, SQL_POOL } from '../../../../platform/tokens.js';
import { HELP_REQUEST_VIEWS, PRIORITIES, TICKET_STATUSES } from '../../contracts/ticket-values.js';
import { slaNow } from '../../domain/ticket-sla.js';
import { TICKET_NOT_FOUND } from '../../domain/ticket.decider.js';
import { searchText } from '../../services/ticket-search.js';
import type { SupportConfig } from '../../support.config.js';
import { helpRequestById, listHelpRequests } from './list-help-requests.query.js';

const filters = z.object({
  status: z.enum(TICKET_STATUSES, 'Choose To Do, In Progress or Done').optional(),
  priority: z.enum(PRIORITIES, 'Choose High, Med or Low').optional(),
  view: z.enum(HELP_REQUEST_VIEWS, 'Choose all, mine, unassigned or overdue').default('all'),
  q: searchText,
  offset: z.coerce.number().int('Offset must be a whole number').min(0, 'Offset must be 0 or more').max(1_000_000, 'Offset is too large').default(0),
  limit: z.coerce.number().int('Limit must be a whole number').min(1, 'Limit must be at least 1').max(200, 'Limit must be at most 200').default(50),
});

@ApiTags('admin')
@Controller('api/admin/help-requests')
@UseGuards(SessionGuard, RolesGuard)
@Roles('admin')
export class ListHelpRequestsController {
  constructor(
    @Inject(SQL_POOL) private readonly pool: pg.Pool,
    @Inject(CONFIG) private readonly config: SupportConfig,
  ) {}

  @Get()
  @ApiOperation({
    summary:
      'Every help request, newest first, a page at a time (?status= ?priority= ?view=all|mine|unassigned|overdue ?q= words in the concern, notes, replies or internal notes ?offset= ?limit=); answers rows (each with its SLA clocks now; the concern, notes and files come with the request itself) and total.',
  })
  async list(@CurrentUser() admin: AuthenticatedUser, @Query() query: unknown) {
    const input = validate(filters, query);
    const page = await listHelpRequests(this.pool, {
      status: input.status ?? null,
      priority: input.priority ?? null,
      view: input.view,
      search: input.q ?? null,
      adminId: admin.userId,
      offset: input.offset,
      limit: input.limit,
    });
    return { ...page, rows: this.withClocks(page.rows) };
  }

  @Get(':ticketId')
  @ApiOperation({
    summary: 'One help request, whole: its row with the concern, admin notes and files (opened from the list, or a link such as Lead Returns’).',
  })
  async one(@Param('ticketId') rawTicketId: string) {
    const ticketId = validate(z.uuid(TICKET_NOT_FOUND), rawTicketId, 'ticketId');
    const found = await helpRequestById(this.pool, ticketId);
    if (!found) throw new DomainError('TICKET_NOT_FOUND', TICKET_NOT_FOUND, 404);
    const [row] = this.withClocks([found]);
    return row;
  }

  /** Each row's SLA clocks as they stand now (the rows are the query's own objects: set in place, a page is fifty of them). */
  private withClocks<Row extends { sla: unknown }>(rows: Row[]) {
    const now = new Date();
    for (const row of rows) row.sla = slaNow(row.sla as Parameters<typeof slaNow>[0], this.config.slaPolicy, now);
    return rows;
  }
}

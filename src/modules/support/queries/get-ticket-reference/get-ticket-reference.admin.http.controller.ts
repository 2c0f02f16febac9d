import { Controller, Get, Inject, Param, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type pg from 'pg';
import { z } from 'zod';

import { Roles, RolesGuard } from '../../../../platform/auth/roles.guard.js';
import { SessionGuard } from '../../../../platform/auth/session.guard.js';
import { DomainError } from '../../../../platform/domain/domain-error.js';
import type { EventStore } from '../../../../platform/event-store/event-store.port.js';
import { validate } from '../../../../platform/http/validate.js';
import { EVENT_STORE, SQL_POOL } from '../../../../platform/tokens.js';
import { helpRequestAbout } from '../../contracts/help-requests.js';
import { TICKET_NOT_FOUND } from '../../domain/ticket.decider.js';
import { referenceHistory } from '../../services/ticket-references.js';

@ApiTags('admin')
@Controller('api/admin/help-requests')
@UseGuards(SessionGuard, RolesGuard)
@Roles('admin')
export class GetTicketReferenceController {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(SQL_POOL) private readonly pool: pg.Pool,
  ) {}

  @Get(':ticketId/reference')
  @ApiOperation({
    summary:
      'The item a help request was opened from, with its own history: a wallet entry explained (balances before and after, the chain checked up to it), a lead with its sale, return and delivery attempts, or a delivery with its attempts; null when the request names none.',
  })
  async reference(@Param('ticketId') ticketId: string) {
    validate(z.uuid(TICKET_NOT_FOUND), ticketId, 'ticketId');
    const ticket = await helpRequestAbout(this.store, ticketId);
    if (!ticket) throw new DomainError('TICKET_NOT_FOUND', TICKET_NOT_FOUND, 404);
    return ticket.reference ? referenceHistory(this.store, this.pool, ticket.userId, ticket.reference) : { kind: null, reference: null, item: null };
  }
}

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
import { userLabels } from '../../../identity/contracts/user-directory.js';
import { ticketStream } from '../../contracts/support-streams.js';
import { ticketTimeline } from '../../domain/ticket-timeline.js';
import { TICKET_NOT_FOUND } from '../../domain/ticket.decider.js';

@ApiTags('admin')
@Controller('api/admin/help-requests')
@UseGuards(SessionGuard, RolesGuard)
@Roles('admin')
export class GetTicketTimelineController {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(SQL_POOL) private readonly pool: pg.Pool,
  ) {}

  @Get(':ticketId/timeline')
  @ApiOperation({
    summary: 'A help request’s full history from its events, oldest first: each with its actor, time and the before and after of what it changed.',
  })
  async timeline(@Param('ticketId') ticketId: string) {
    validate(z.uuid('Help request not found'), ticketId, 'ticketId');
    const events = await this.store.readStream(ticketStream(ticketId));
    if (events.length === 0) throw new DomainError('TICKET_NOT_FOUND', TICKET_NOT_FOUND, 404);
    const entries = ticketTimeline(events as unknown as Parameters<typeof ticketTimeline>[0]);
    const ids = entries.flatMap((entry) => [
      entry.actor.id,
      ...entry.changes.filter((change) => change.field === 'assignee').flatMap((change) => [change.before, change.after]),
    ]);
    const labels = await userLabels(this.pool, ids);
    const name = (id: string | null) => {
      const label = id ? labels.get(id) : undefined;
      return label ? (label.displayName ?? label.email) : id;
    };
    return {
      entries: entries.map((entry) => ({
        ...entry,
        actorName: entry.actor.type === 'user' ? (name(entry.actor.id) ?? 'deleted account') : 'The portal',
        changes: entry.changes.map((change) => (change.field === 'assignee' ? { ...change, before: name(change.before), after: name(change.after) } : change)),
      })),
    };
  }
}

import { Body, Controller, HttpCode, Inject, Post, Req, UseGuards } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import type pg from 'pg';
import { z } from 'zod';

import type { AuthenticatedUser } from '../../../../platform/auth/session-store.js';
import { CurrentUser, SessionGuard } from '../../../../platform/auth/session.guard.js';
import { idempotencyKeyOf, idempotent } from '../../../../platform/http/idempotency.js';
import { requestContextOf } from '../../../../platform/http/request-client.js';
import { deterministicUuid } from '../../../../platform/ids/deterministic-uuid.js';
import { enforce, type RateLimiter } from '../../../../platform/rate-limit/rate-limiter.js';
import { recordingNotYours } from '../../../../platform/security/record-not-yours.js';
import { CONFIG, RATE_LIMITER, SQL_POOL } from '../../../../platform/tokens.js';
import { TICKET_REFERENCE_KINDS } from '../../contracts/ticket-reference.js';
import { MIN_CONCERN_LENGTH, PRIORITIES, SYSTEM_PROGRAMS } from '../../contracts/ticket-values.js';
import { MAX_CONCERN_LENGTH } from '../../domain/ticket.decider.js';
import { validateTicketInput } from '../../services/ticket-input.js';
import type { SupportConfig } from '../../support.config.js';
import { SubmitTicket } from './submit-ticket.command.js';

const REQUIRED = 'Please fill in all required fields';

const submitRequest = z.object({
  systemProgram: z.enum(SYSTEM_PROGRAMS, REQUIRED),
  priority: z.enum(PRIORITIES, REQUIRED),
  concern: z
    .string(REQUIRED)
    .trim()
    .min(1, REQUIRED)
    .min(MIN_CONCERN_LENGTH, 'Please provide more detail (at least 20 characters)')
    .max(MAX_CONCERN_LENGTH, `Please keep the comment under ${MAX_CONCERN_LENGTH} characters`),
  /** 'Report a problem' on a wallet entry, a lead or a delivery: the item the request is about. */
  reference: z
    .object({
      kind: z.enum(TICKET_REFERENCE_KINDS, 'Choose a wallet entry, a lead, a delivery or an assistant conversation'),
      id: z.string('Choose the item the request is about').trim().min(1, 'Choose the item the request is about').max(64, 'That item is not in your account.'),
    })
    .optional(),
});

/** A help request's id from its agent and the request's key: the same request again names the same ticket. */
const ticketIdOf = (userId: string, key: string) => deterministicUuid('v8', 'ticket', userId, key);

@ApiTags('support')
@Controller('api/support/tickets')
@UseGuards(SessionGuard)
export class SubmitTicketController {
  constructor(
    private readonly commands: CommandBus,
    private readonly moduleRef: ModuleRef,
    @Inject(SQL_POOL) private readonly pool: pg.Pool,
    @Inject(RATE_LIMITER) private readonly limiter: RateLimiter,
    @Inject(CONFIG) private readonly config: SupportConfig,
  ) {}

  @Post()
  @HttpCode(201)
  @ApiOperation({
    summary:
      'Submits a help request (system/program, priority, a comment of at least 20 characters, optionally the wallet entry, lead or delivery it is about); answers its ticketId for the file uploads. Idempotency-Key required: the same key again answers the same ticket. At most SUPPORT_TICKETS_PER_HOUR (20) new requests per account an hour (429).',
  })
  async submit(@CurrentUser() user: AuthenticatedUser, @Body() body: unknown, @Req() request: FastifyRequest) {
    const key = idempotencyKeyOf(request.headers, 'Submitting a help request needs');
    const input = validateTicketInput(submitRequest, body);
    // Naming another agent's lead or delivery is refused like one that does not exist, and recorded
    // (their ids cannot be guessed; a wallet entry's number counts in the agent's own history).
    const guarded = input.reference && input.reference.kind !== 'wallet-entry' ? ['REFERENCE_NOT_FOUND'] : [];
    const answer = await idempotent(this.pool, { scope: user.userId, key, payload: { route: 'submit-ticket', ...input } }, async () => {
      // Counted only for a new request: a repeat under the same key is answered above without running.
      await enforce(this.limiter, [{ rule: { name: 'ticket-submissions', limit: this.config.ticketsPerHour, windowSeconds: 3600 }, subject: user.userId }]);
      const result = await recordingNotYours(this.moduleRef, request, user.userId, { codes: guarded, resource: input.reference?.kind ?? 'ticket' }, () =>
        this.commands.execute(
          new SubmitTicket({ ...input, ticketId: ticketIdOf(user.userId, key) }, requestContextOf(request, { type: 'user', id: user.userId }), key),
        ),
      );
      return { status: 201, body: result };
    });
    return answer.body;
  }
}

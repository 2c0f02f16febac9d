import { Body, Controller, HttpCode, Inject, Param, Post, Req, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import type pg from 'pg';
import { z } from 'zod';

import { Roles, RolesGuard } from '../../../../platform/auth/roles.guard.js';
import type { AuthenticatedUser } from '../../../../platform/auth/session-store.js';
import { CurrentUser, SessionGuard } from '../../../../platform/auth/session.guard.js';
import { idempotencyKeyOf, idempotent } from '../../../../platform/http/idempotency.js';
import { requestContextOf } from '../../../../platform/http/request-client.js';
import { validate } from '../../../../platform/http/validate.js';
import { deterministicUuid } from '../../../../platform/ids/deterministic-uuid.js';
import { SQL_POOL } from '../../../../platform/tokens.js';
import { HELP_REQUEST_NOT_FOUND } from '../../../support/contracts/help-requests.js';
import { adminAmountCents } from '../../services/wallet-admin-requests.js';
import { RefundEntryFromHelpRequest } from './refund-entry-from-help-request.command.js';

const refundRequest = z.object({
  amountCents: adminAmountCents,
  reason: z
    .string({ message: 'Give a reason of at least 3 characters' })
    .trim()
    .min(3, 'Give a reason of at least 3 characters')
    .max(500, 'Reason is too long'),
});

/**
 * An admin refunds (part of) what the wallet entry a help request is about took, into the
 * agent's wallet: the refund names the request (its timeline shows it), and all refunds of one
 * entry together never exceed what the entry took.
 */
@ApiTags('admin')
@Controller('api/admin/help-requests')
@UseGuards(SessionGuard, RolesGuard)
@Roles('admin')
export class RefundEntryFromHelpRequestController {
  constructor(
    private readonly commands: CommandBus,
    @Inject(SQL_POOL) private readonly pool: pg.Pool,
  ) {}

  @Post(':ticketId/refund')
  @HttpCode(201)
  @ApiOperation({
    summary:
      'Refunds part or all of what the wallet entry a help request is about took, into its agent’s wallet (amountCents, reason; Idempotency-Key required); refunds of one entry never exceed what it took.',
  })
  async refund(@CurrentUser() admin: AuthenticatedUser, @Param('ticketId') rawTicketId: string, @Body() body: unknown, @Req() request: FastifyRequest) {
    const key = idempotencyKeyOf(request.headers);
    const ticketId = validate(z.uuid(HELP_REQUEST_NOT_FOUND), rawTicketId, 'ticketId');
    const input = validate(refundRequest, body);
    const answer = await idempotent(this.pool, { scope: admin.userId, key, payload: { route: 'help-request-refund', ticketId, ...input } }, async () => {
      const adjustmentId = deterministicUuid('v4-variant-8', 'entry-refund', ticketId, key);
      const refunded = await this.commands.execute(
        new RefundEntryFromHelpRequest(
          { ticketId, adjustmentId, ...input },
          requestContextOf(request, { type: 'user', id: admin.userId }),
          `refund-entry:${adjustmentId}`,
        ),
      );
      return { status: 201, body: refunded };
    });
    return answer.body;
  }
}

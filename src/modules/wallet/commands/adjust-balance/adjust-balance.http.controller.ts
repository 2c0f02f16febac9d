import { Body, Controller, HttpCode, Inject, Param, Post, Req, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import type pg from 'pg';
import { z } from 'zod';

import { Roles, RolesGuard } from '../../../../platform/auth/roles.guard.js';
import type { AuthenticatedUser } from '../../../../platform/auth/session-store.js';
import { CurrentUser, SessionGuard } from '../../../../platform/auth/session.guard.js';
import { deterministicEventId } from '../../../../platform/event-store/command-handling.js';
import { idempotencyKeyOf, idempotent } from '../../../../platform/http/idempotency.js';
import { requestContextOf } from '../../../../platform/http/request-client.js';
import { validate } from '../../../../platform/http/validate.js';
import { SQL_POOL } from '../../../../platform/tokens.js';
import { adminAmountCents, requireAgent } from '../../services/wallet-admin-requests.js';
import { AdjustBalance } from './adjust-balance.command.js';

const adjustmentRequest = z.object({
  direction: z.enum(['credit', 'debit'], { message: 'Direction must be credit or debit' }),
  amountCents: adminAmountCents,
  reason: z.string().trim().min(3, 'Give a reason of at least 3 characters').max(500, 'Reason is too long'),
});

/** An admin's correction of an agent's wallet, with a reason. */
@ApiTags('admin')
@Controller('api/admin/wallets/:userId')
@UseGuards(SessionGuard, RolesGuard)
@Roles('admin')
export class AdjustBalanceController {
  constructor(
    private readonly commands: CommandBus,
    @Inject(SQL_POOL) private readonly pool: pg.Pool,
  ) {}

  @Post('adjustments')
  @HttpCode(200)
  @ApiOperation({ summary: 'Credits or debits a wallet with a reason (Idempotency-Key required).' })
  async adjust(@CurrentUser() admin: AuthenticatedUser, @Param('userId') userId: string, @Body() body: unknown, @Req() request: FastifyRequest) {
    const key = idempotencyKeyOf(request.headers);
    const input = validate(adjustmentRequest, body);
    await requireAgent(this.pool, userId);
    const answer = await idempotent(this.pool, { scope: admin.userId, key, payload: { route: 'adjust', userId, ...input } }, async () => {
      const adjustmentId = deterministicEventId(`adjustment-${userId}`, key, 0);
      const result = await this.commands.execute(
        new AdjustBalance({ userId, adjustmentId, ...input }, requestContextOf(request, { type: 'user', id: admin.userId }), key),
      );
      return { status: 200, body: { adjustmentId, availableCents: result.availableCents } };
    });
    return answer.body;
  }
}

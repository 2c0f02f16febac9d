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
import { SQL_POOL } from '../../../../platform/tokens.js';
import { adminAmountCents, requireAgent } from '../../services/wallet-admin-requests.js';
import { RefundTopUp } from './refund-top-up.command.js';

const refundRequest = z.object({
  paymentId: z.string().trim().min(1, 'Choose the top-up to refund').max(255, 'Payment id is too long'),
  amountCents: adminAmountCents,
  confirmDebt: z.boolean({ message: 'confirmDebt must be true or false' }).default(false),
});

/** An admin refunds one of an agent's top-ups to its card. */
@ApiTags('admin')
@Controller('api/admin/wallets/:userId')
@UseGuards(SessionGuard, RolesGuard)
@Roles('admin')
export class RefundTopUpController {
  constructor(
    private readonly commands: CommandBus,
    @Inject(SQL_POOL) private readonly pool: pg.Pool,
  ) {}

  @Post('refunds')
  @HttpCode(200)
  @ApiOperation({ summary: 'Refunds a top-up (whole or part) to its card; into debt only with confirmDebt (Idempotency-Key required).' })
  async refund(@CurrentUser() admin: AuthenticatedUser, @Param('userId') userId: string, @Body() body: unknown, @Req() request: FastifyRequest) {
    const key = idempotencyKeyOf(request.headers);
    const input = validate(refundRequest, body);
    await requireAgent(this.pool, userId);
    const answer = await idempotent(this.pool, { scope: admin.userId, key, payload: { route: 'refund', userId, ...input } }, async () => {
      const result = await this.commands.execute(new RefundTopUp({ userId, ...input }, requestContextOf(request, { type: 'user', id: admin.userId }), key));
      return { status: 200, body: { refundId: result.refundId, availableCents: result.availableCents, debtCents: result.debtCents } };
    });
    return answer.body;
  }
}

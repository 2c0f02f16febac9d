import { Body, Controller, HttpCode, Inject, Param, Post, Req, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import type pg from 'pg';
import { z } from 'zod';

import { Roles, RolesGuard } from '../../../platform/auth/roles.guard.js';
import type { AuthenticatedUser } from '../../../platform/auth/session-store.js';
import { CurrentUser, SessionGuard } from '../../../platform/auth/session.guard.js';
import { deterministicEventId } from '../../../platform/event-store/command-handling.js';
import { ApiError } from '../../../platform/http/api-error.js';
import { idempotencyKeyOf, idempotent } from '../../../platform/http/idempotency.js';
import { requestContextOf } from '../../../platform/http/request-client.js';
import { validate } from '../../../platform/http/validate.js';
import { SQL_POOL } from '../../../platform/tokens.js';
import { MAX_AMOUNT_CENTS } from '../domain/wallet.decider.js';
import { AddTestCredit } from './add-test-credit/add-test-credit.command.js';
import { AdjustBalance } from './adjust-balance/adjust-balance.command.js';
import { RefundTopUp } from './refund-top-up/refund-top-up.command.js';

const amountCents = z
  .number({ message: 'Amount must be a number of cents' })
  .int('Amount must be a whole number of cents')
  .min(1, 'Amount must be at least 1 cent')
  .max(MAX_AMOUNT_CENTS, 'Amount must be at most $1,000,000');
const adjustmentRequest = z.object({
  direction: z.enum(['credit', 'debit'], { message: 'Direction must be credit or debit' }),
  amountCents,
  reason: z.string().trim().min(3, 'Give a reason of at least 3 characters').max(500, 'Reason is too long'),
});
const testCreditRequest = z.object({ amountCents });
const refundRequest = z.object({
  paymentId: z.string().trim().min(1, 'Choose the top-up to refund').max(255, 'Payment id is too long'),
  amountCents,
  confirmDebt: z.boolean({ message: 'confirmDebt must be true or false' }).default(false),
});

/** Admins' money commands on an agent's wallet: corrections with a reason, and the testing page's labelled test credit. */
@ApiTags('admin')
@Controller('api/admin/wallets/:userId')
@UseGuards(SessionGuard, RolesGuard)
@Roles('admin')
export class WalletsAdminController {
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
    await this.requireAgent(validate(z.uuid('No such user.'), userId, 'userId'));
    const answer = await idempotent(this.pool, { scope: admin.userId, key, payload: { route: 'adjust', userId, ...input } }, async () => {
      const adjustmentId = deterministicEventId(`adjustment-${userId}`, key, 0);
      const result = await this.commands.execute(
        new AdjustBalance({ userId, adjustmentId, ...input }, requestContextOf(request, { type: 'user', id: admin.userId }), key),
      );
      return { status: 200, body: { adjustmentId, availableCents: result.availableCents } };
    });
    return answer.body;
  }

  @Post('test-credit')
  @HttpCode(200)
  @ApiOperation({ summary: "The testing page's test-add-balance: a labelled test credit (Idempotency-Key required)." })
  async testCredit(@CurrentUser() admin: AuthenticatedUser, @Param('userId') userId: string, @Body() body: unknown, @Req() request: FastifyRequest) {
    const key = idempotencyKeyOf(request.headers);
    const input = validate(testCreditRequest, body);
    await this.requireAgent(validate(z.uuid('No such user.'), userId, 'userId'));
    const answer = await idempotent(this.pool, { scope: admin.userId, key, payload: { route: 'test-credit', userId, ...input } }, async () => {
      const creditId = deterministicEventId(`test-credit-${userId}`, key, 0);
      const result = await this.commands.execute(
        new AddTestCredit({ userId, creditId, amountCents: input.amountCents }, requestContextOf(request, { type: 'user', id: admin.userId }), key),
      );
      return { status: 200, body: { creditId, availableCents: result.availableCents } };
    });
    return answer.body;
  }

  @Post('refunds')
  @HttpCode(200)
  @ApiOperation({ summary: 'Refunds a top-up (whole or part) to its card; into debt only with confirmDebt (Idempotency-Key required).' })
  async refund(@CurrentUser() admin: AuthenticatedUser, @Param('userId') userId: string, @Body() body: unknown, @Req() request: FastifyRequest) {
    const key = idempotencyKeyOf(request.headers);
    const input = validate(refundRequest, body);
    await this.requireAgent(validate(z.uuid('No such user.'), userId, 'userId'));
    const answer = await idempotent(this.pool, { scope: admin.userId, key, payload: { route: 'refund', userId, ...input } }, async () => {
      const result = await this.commands.execute(new RefundTopUp({ userId, ...input }, requestContextOf(request, { type: 'user', id: admin.userId }), key));
      return { status: 200, body: { refundId: result.refundId, availableCents: result.availableCents, debtCents: result.debtCents } };
    });
    return answer.body;
  }

  private async requireAgent(userId: string): Promise<void> {
    const { rowCount } = await this.pool.query(`SELECT 1 FROM users WHERE id = $1`, [userId]);
    if (!rowCount) throw new ApiError(404, 'USER_NOT_FOUND', 'No such user.');
  }
}

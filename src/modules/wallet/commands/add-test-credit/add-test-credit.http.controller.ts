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
import { AddTestCredit } from './add-test-credit.command.js';

const testCreditRequest = z.object({ amountCents: adminAmountCents });

/** The testing page's labelled test credit into an agent's wallet. */
@ApiTags('admin')
@Controller('api/admin/wallets/:userId')
@UseGuards(SessionGuard, RolesGuard)
@Roles('admin')
export class AddTestCreditController {
  constructor(
    private readonly commands: CommandBus,
    @Inject(SQL_POOL) private readonly pool: pg.Pool,
  ) {}

  @Post('test-credit')
  @HttpCode(200)
  @ApiOperation({ summary: "The testing page's test-add-balance: a labelled test credit (Idempotency-Key required)." })
  async testCredit(@CurrentUser() admin: AuthenticatedUser, @Param('userId') userId: string, @Body() body: unknown, @Req() request: FastifyRequest) {
    const key = idempotencyKeyOf(request.headers);
    const input = validate(testCreditRequest, body);
    await requireAgent(this.pool, userId);
    const answer = await idempotent(this.pool, { scope: admin.userId, key, payload: { route: 'test-credit', userId, ...input } }, async () => {
      const creditId = deterministicEventId(`test-credit-${userId}`, key, 0);
      const result = await this.commands.execute(
        new AddTestCredit({ userId, creditId, amountCents: input.amountCents }, requestContextOf(request, { type: 'user', id: admin.userId }), key),
      );
      return { status: 200, body: { creditId, availableCents: result.availableCents } };
    });
    return answer.body;
  }
}

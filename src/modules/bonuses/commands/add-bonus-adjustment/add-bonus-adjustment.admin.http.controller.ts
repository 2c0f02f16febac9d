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
import { MAX_ADJUSTMENT_CENTS } from '../../domain/bonus-run.decider.js';
import { bonusWeekParam } from '../../services/bonus-week-param.js';
import { AddBonusAdjustment } from './add-bonus-adjustment.command.js';

const adjustmentRequest = z.object({
  userId: z.uuid('Choose an agent of the run'),
  amountCents: z
    .number({ message: 'Amount must be a number of cents' })
    .int('Amount must be whole cents')
    .refine((cents) => cents !== 0, 'Amount cannot be $0.00')
    .refine((cents) => Math.abs(cents) <= MAX_ADJUSTMENT_CENTS, 'Amount is at most $100,000.00 either way'),
  reason: z
    .string({ message: 'Give a reason of at least 3 characters' })
    .trim()
    .min(3, 'Give a reason of at least 3 characters')
    .max(500, 'Reason is too long'),
});

@ApiTags('admin')
@Controller('api/admin/bonus-runs/:week')
@UseGuards(SessionGuard, RolesGuard)
@Roles('admin')
export class AddBonusAdjustmentController {
  constructor(
    private readonly commands: CommandBus,
    @Inject(SQL_POOL) private readonly pool: pg.Pool,
  ) {}

  @Post('adjustments')
  @HttpCode(201)
  @ApiOperation({
    summary:
      'Adds a correction for one agent of an open run (userId, amountCents: positive adds, negative deducts; reason; Idempotency-Key required): a line of its own on the statement. A total never goes below $0.00.',
  })
  async add(@CurrentUser() admin: AuthenticatedUser, @Param('week') rawWeek: string, @Body() body: unknown, @Req() request: FastifyRequest) {
    const key = idempotencyKeyOf(request.headers);
    const week = validate(bonusWeekParam, rawWeek, 'week');
    const input = validate(adjustmentRequest, body);
    const answer = await idempotent(this.pool, { scope: admin.userId, key, payload: { route: 'bonus-adjustment', week, ...input } }, async () => {
      const adjustmentId = deterministicUuid('v4-variant-8', 'bonus-adjustment', week, admin.userId, key);
      const added = await this.commands.execute(
        new AddBonusAdjustment(
          { week, adjustmentId, ...input },
          requestContextOf(request, { type: 'user', id: admin.userId }),
          `bonus-adjustment:${adjustmentId}`,
        ),
      );
      return { status: 201, body: added };
    });
    return answer.body;
  }
}

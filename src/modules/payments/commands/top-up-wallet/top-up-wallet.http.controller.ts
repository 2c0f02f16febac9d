import { Body, Controller, HttpCode, Post, Req, UseGuards } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';

import type { AuthenticatedUser } from '../../../../platform/auth/session-store.js';
import { CurrentUser, SessionGuard } from '../../../../platform/auth/session.guard.js';
import { ApiError } from '../../../../platform/http/api-error.js';
import { idempotencyKeyOf } from '../../../../platform/http/idempotency.js';
import { requestContextOf, requestOriginOf } from '../../../../platform/http/request-client.js';
import { validate } from '../../../../platform/http/validate.js';
import { recordingNotYours } from '../../../../platform/security/record-not-yours.js';
import { CARD_NOT_YOURS } from '../../services/card-requests.js';
import { TopUpWallet } from './top-up-wallet.command.js';

export const MIN_TOP_UP_CENTS = 500;
export const MAX_TOP_UP_CENTS = 500_000;
export const AMOUNT_MESSAGE = 'Amount must be between $5 and $5,000';

const topUpRequest = z.object({
  amountCents: z.number({ message: AMOUNT_MESSAGE }).int(AMOUNT_MESSAGE).min(MIN_TOP_UP_CENTS, AMOUNT_MESSAGE).max(MAX_TOP_UP_CENTS, AMOUNT_MESSAGE),
  paymentMethodId: z
    .string({ message: 'Please select a payment method' })
    .trim()
    .min(1, 'Please select a payment method')
    .max(255, 'Please select a payment method'),
  // A path of this portal only (the public URL is put in front of it), never another site.
  returnPath: z
    .string()
    .regex(/^\/(?!\/)[A-Za-z0-9/_-]{0,200}$/, 'The return path must be a page of this portal.')
    .optional(),
});

@ApiTags('payments')
@Controller('api/payments')
@UseGuards(SessionGuard)
export class TopUpWalletController {
  constructor(
    private readonly commands: CommandBus,
    private readonly moduleRef: ModuleRef,
  ) {}

  @Post('top-up')
  @HttpCode(200)
  @ApiOperation({
    summary: 'create-payment-intent: adds balance from a saved card, or answers the hosted checkout url for a new card (Idempotency-Key required).',
  })
  async topUp(@CurrentUser() user: AuthenticatedUser, @Body() body: unknown, @Req() request: FastifyRequest) {
    const key = idempotencyKeyOf(request.headers);
    const amount = (body as { amountCents?: unknown } | null)?.amountCents;
    if (typeof amount !== 'number' || !Number.isInteger(amount) || amount < MIN_TOP_UP_CENTS || amount > MAX_TOP_UP_CENTS) {
      throw new ApiError(400, 'INVALID_AMOUNT', AMOUNT_MESSAGE, [{ field: 'amountCents', message: AMOUNT_MESSAGE }]);
    }
    const input = validate(topUpRequest, body);
    const context = requestContextOf(request, { type: 'user', id: user.userId });
    return recordingNotYours(this.moduleRef, request, user.userId, CARD_NOT_YOURS, () =>
      this.commands.execute(
        new TopUpWallet({ user: { userId: user.userId, email: user.email }, ...input, requestOrigin: requestOriginOf(request) }, context, key),
      ),
    );
  }
}

import { Body, Controller, Delete, Get, HttpCode, Inject, Param, Post, Req, UseGuards, type RawBodyRequest } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';

import type { AuthenticatedUser } from '../../../platform/auth/session-store.js';
import { CurrentUser, SessionGuard } from '../../../platform/auth/session.guard.js';
import { ApiError } from '../../../platform/http/api-error.js';
import { idempotencyKeyOf } from '../../../platform/http/idempotency.js';
import { requestContextOf } from '../../../platform/http/request-client.js';
import { validate } from '../../../platform/http/validate.js';
import { recordingNotYours } from '../../../platform/security/record-not-yours.js';
import { DeletePaymentMethod } from '../commands/delete-payment-method/delete-payment-method.command.js';
import { ReceivePaymentWebhook } from '../commands/receive-payment-webhook/receive-payment-webhook.command.js';
import { SetDefaultPaymentMethod } from '../commands/set-default-payment-method/set-default-payment-method.command.js';
import { StartCardSetup } from '../commands/start-card-setup/start-card-setup.command.js';
import { TopUpWallet } from '../commands/top-up-wallet/top-up-wallet.command.js';
import { CARD_PAYMENTS, type CardPayments } from '../contracts/card-payments.port.js';

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
const cardId = z.string().trim().min(1).max(255);

const asUser = (request: FastifyRequest, user: AuthenticatedUser) => requestContextOf(request, { type: 'user', id: user.userId });

/** Card top-ups and saved cards for the signed-in agent, and the card provider's webhook (money.md, "Payments"). */
@ApiTags('payments')
@Controller('api/payments')
export class PaymentsController {
  constructor(
    private readonly commands: CommandBus,
    @Inject(CARD_PAYMENTS) private readonly payments: CardPayments,
    private readonly moduleRef: ModuleRef,
  ) {}

  /**
   * A card id that is not one of the agent's own (another agent's, or made up) is refused with
   * 404 and recorded as an unauthorized access: card ids are not guessable, so one seen here
   * came from somewhere it should not have.
   */
  private guarded<T>(user: AuthenticatedUser, request: FastifyRequest, work: () => Promise<T>): Promise<T> {
    return recordingNotYours(this.moduleRef, request, user.userId, { codes: ['PAYMENT_METHOD_NOT_FOUND'], resource: 'payment-method' }, work);
  }

  @Post('webhook')
  @HttpCode(200)
  @ApiOperation({ summary: 'The card provider’s webhook: signature checked on the raw body, stored once per event id, then processed by a job.' })
  async webhook(@Req() request: RawBodyRequest<FastifyRequest>) {
    const signature = request.headers['stripe-signature'];
    if (!Buffer.isBuffer(request.rawBody) || typeof signature !== 'string') {
      throw new ApiError(400, 'WEBHOOK_SIGNATURE_INVALID', 'The webhook signature could not be verified.');
    }
    await this.commands.execute(new ReceivePaymentWebhook({ rawBody: request.rawBody, signature }, requestContextOf(request)));
    return { received: true };
  }

  @Post('top-up')
  @HttpCode(200)
  @UseGuards(SessionGuard)
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
    return this.guarded(user, request, () =>
      this.commands.execute(new TopUpWallet({ user: { userId: user.userId, email: user.email }, ...input }, asUser(request, user), key)),
    );
  }

  @Post('setup')
  @HttpCode(200)
  @UseGuards(SessionGuard)
  @ApiOperation({
    summary: 'create-setup-intent: the publishable key and the hosted page that saves a card (back to /payment-methods?setup=success|cancelled).',
  })
  setup(@CurrentUser() user: AuthenticatedUser, @Req() request: FastifyRequest) {
    return this.commands.execute(new StartCardSetup({ userId: user.userId, email: user.email }, asUser(request, user)));
  }

  @Get('methods')
  @UseGuards(SessionGuard)
  @ApiOperation({ summary: 'list-payment-methods: the signed-in agent’s saved cards, the default first.' })
  async methods(@CurrentUser() user: AuthenticatedUser) {
    return { methods: await this.payments.listCards(user.userId) };
  }

  @Post('methods/:id/default')
  @HttpCode(200)
  @UseGuards(SessionGuard)
  @ApiOperation({ summary: 'set-default-payment-method for the signed-in agent.' })
  async setDefault(@CurrentUser() user: AuthenticatedUser, @Param('id') id: string, @Req() request: FastifyRequest) {
    await this.guarded(user, request, () =>
      this.commands.execute(new SetDefaultPaymentMethod({ userId: user.userId, cardId: validate(cardId, id, 'id') }, asUser(request, user))),
    );
    return { success: true };
  }

  @Delete('methods/:id')
  @HttpCode(200)
  @UseGuards(SessionGuard)
  @ApiOperation({ summary: 'delete-payment-method for the signed-in agent.' })
  async delete(@CurrentUser() user: AuthenticatedUser, @Param('id') id: string, @Req() request: FastifyRequest) {
    await this.guarded(user, request, () =>
      this.commands.execute(new DeletePaymentMethod({ userId: user.userId, cardId: validate(cardId, id, 'id') }, asUser(request, user))),
    );
    return { success: true };
  }
}

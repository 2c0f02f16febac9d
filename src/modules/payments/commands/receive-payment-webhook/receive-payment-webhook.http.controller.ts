import { Controller, HttpCode, Post, Req, type RawBodyRequest } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';

import { ApiError } from '../../../../platform/http/api-error.js';
import { requestContextOf } from '../../../../platform/http/request-client.js';
import { ReceivePaymentWebhook } from './receive-payment-webhook.command.js';

/** The card provider's webhook (money.md, "Payments"): no portal session, the signature is the proof. */
@ApiTags('payments')
@Controller('api/payments')
export class ReceivePaymentWebhookController {
  constructor(private readonly commands: CommandBus) {}

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
}

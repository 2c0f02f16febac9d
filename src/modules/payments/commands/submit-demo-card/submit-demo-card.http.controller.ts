import { Body, Controller, HttpCode, Param, Post, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';

import { requestContextOf } from '../../../../platform/http/request-client.js';
import { validate } from '../../../../platform/http/validate.js';
import { checkoutSessionIdParam } from '../../services/demo-checkout-requests.js';
import { SubmitDemoCard } from './submit-demo-card.command.js';

const cardRequest = z.object({
  number: z.string().trim().min(1, 'Your card number is incomplete.').max(30, 'Your card number is invalid.'),
  expMonth: z
    .number({ message: "Your card's expiration date is incomplete." })
    .int()
    .min(1, "Your card's expiration date is incomplete.")
    .max(12, "Your card's expiration month is invalid."),
  expYear: z.number({ message: "Your card's expiration date is incomplete." }).int().min(0).max(2200),
  cvc: z.string().trim().min(3, "Your card's security code is incomplete.").max(4, "Your card's security code is invalid."),
});

/** The demo card provider's hosted page (on the embedded default only); like Stripe's hosted checkout it needs no portal session. */
@ApiTags('demo-pay')
@Controller('api/demo-pay/sessions/:sessionId')
export class SubmitDemoCardController {
  constructor(private readonly commands: CommandBus) {}

  @Post('card')
  @HttpCode(200)
  @ApiOperation({ summary: 'Pays (payment mode) or saves (setup mode) with a demo test card.' })
  async card(@Param('sessionId') id: string, @Body() body: unknown, @Req() request: FastifyRequest) {
    return this.commands.execute(
      new SubmitDemoCard({ sessionId: validate(checkoutSessionIdParam, id, 'sessionId'), card: validate(cardRequest, body) }, requestContextOf(request)),
    );
  }
}

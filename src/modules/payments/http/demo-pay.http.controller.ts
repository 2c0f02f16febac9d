import { Body, Controller, Get, HttpCode, Inject, Param, Post, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';

import { ApiError } from '../../../platform/http/api-error.js';
import { requestContextOf } from '../../../platform/http/request-client.js';
import { validate } from '../../../platform/http/validate.js';
import type { DemoCardPayments } from '../adapters/demo/demo-card-payments.js';
import { AuthenticateDemoPayment } from '../commands/authenticate-demo-payment/authenticate-demo-payment.command.js';
import { CancelDemoCheckout } from '../commands/cancel-demo-checkout/cancel-demo-checkout.command.js';
import { SubmitDemoCard } from '../commands/submit-demo-card/submit-demo-card.command.js';
import { DEMO_CARD_PAYMENTS, demoProvider } from '../domain/demo-provider.js';

const sessionId = z.string().regex(/^cs_demo_[0-9a-f]{32}$/, 'No such payment page.');
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
const authenticationRequest = z.object({ outcome: z.enum(['authenticate', 'fail'], { message: 'Choose Authenticate or Fail' }) });

/**
 * The demo card provider's hosted page (on the embedded default only). Like Stripe's hosted
 * checkout it needs no portal session: the unguessable session id is the capability.
 */
@ApiTags('demo-pay')
@Controller('api/demo-pay/sessions/:sessionId')
export class DemoPayController {
  constructor(
    private readonly commands: CommandBus,
    @Inject(DEMO_CARD_PAYMENTS) private readonly demo: DemoCardPayments | null,
  ) {}

  @Get()
  @ApiOperation({ summary: 'The demo checkout page: what it is for (top-up amount or saving a card) and its state.' })
  async session(@Param('sessionId') id: string) {
    const session = await demoProvider(this.demo).session(validate(sessionId, id, 'sessionId'));
    if (!session) throw new ApiError(404, 'SESSION_NOT_FOUND', 'No such payment page.');
    return session;
  }

  @Post('card')
  @HttpCode(200)
  @ApiOperation({ summary: 'Pays (payment mode) or saves (setup mode) with a demo test card.' })
  async card(@Param('sessionId') id: string, @Body() body: unknown, @Req() request: FastifyRequest) {
    return this.commands.execute(
      new SubmitDemoCard({ sessionId: validate(sessionId, id, 'sessionId'), card: validate(cardRequest, body) }, requestContextOf(request)),
    );
  }

  @Post('authentication')
  @HttpCode(200)
  @ApiOperation({ summary: 'The bank’s authentication step of a 4000 0025 0000 3155 card: Authenticate or Fail.' })
  async authentication(@Param('sessionId') id: string, @Body() body: unknown, @Req() request: FastifyRequest) {
    const input = { sessionId: validate(sessionId, id, 'sessionId'), outcome: validate(authenticationRequest, body).outcome };
    return this.commands.execute(new AuthenticateDemoPayment(input, requestContextOf(request)));
  }

  @Post('cancel')
  @HttpCode(200)
  @ApiOperation({ summary: 'Leaves the demo checkout page without paying.' })
  async cancel(@Param('sessionId') id: string, @Req() request: FastifyRequest) {
    return this.commands.execute(new CancelDemoCheckout({ sessionId: validate(sessionId, id, 'sessionId') }, requestContextOf(request)));
  }
}

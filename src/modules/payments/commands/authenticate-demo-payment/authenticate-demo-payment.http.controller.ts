import { Body, Controller, HttpCode, Param, Post, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';

import { requestContextOf } from '../../../../platform/http/request-client.js';
import { validate } from '../../../../platform/http/validate.js';
import { checkoutSessionIdParam } from '../../services/demo-checkout-requests.js';
import { AuthenticateDemoPayment } from './authenticate-demo-payment.command.js';

const authenticationRequest = z.object({ outcome: z.enum(['authenticate', 'fail'], { message: 'Choose Authenticate or Fail' }) });

@ApiTags('demo-pay')
@Controller('api/demo-pay/sessions/:sessionId')
export class AuthenticateDemoPaymentController {
  constructor(private readonly commands: CommandBus) {}

  @Post('authentication')
  @HttpCode(200)
  @ApiOperation({ summary: 'The bank’s authentication step of a 4000 0025 0000 3155 card: Authenticate or Fail.' })
  async authentication(@Param('sessionId') id: string, @Body() body: unknown, @Req() request: FastifyRequest) {
    const input = { sessionId: validate(checkoutSessionIdParam, id, 'sessionId'), outcome: validate(authenticationRequest, body).outcome };
    return this.commands.execute(new AuthenticateDemoPayment(input, requestContextOf(request)));
  }
}

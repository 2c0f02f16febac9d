import { Controller, HttpCode, Param, Post, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';

import { requestContextOf } from '../../../../platform/http/request-client.js';
import { validate } from '../../../../platform/http/validate.js';
import { checkoutSessionIdParam } from '../../services/demo-checkout-requests.js';
import { CancelDemoCheckout } from './cancel-demo-checkout.command.js';

@ApiTags('demo-pay')
@Controller('api/demo-pay/sessions/:sessionId')
export class CancelDemoCheckoutController {
  constructor(private readonly commands: CommandBus) {}

  @Post('cancel')
  @HttpCode(200)
  @ApiOperation({ summary: 'Leaves the demo checkout page without paying.' })
  async cancel(@Param('sessionId') id: string, @Req() request: FastifyRequest) {
    return this.commands.execute(new CancelDemoCheckout({ sessionId: validate(checkoutSessionIdParam, id, 'sessionId') }, requestContextOf(request)));
  }
}

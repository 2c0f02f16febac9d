import { Controller, Get, Inject, Param } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';

import { ApiError } from '../../../../platform/http/api-error.js';
import { validate } from '../../../../platform/http/validate.js';
import { DEMO_PROVIDER, demoProvider, type DemoProvider } from '../../domain/demo-provider.js';
import { checkoutSessionIdParam } from '../../services/demo-checkout-requests.js';

/**
 * The demo card provider's hosted page (on the embedded default only). Like Stripe's hosted
 * checkout it needs no portal session: the unguessable session id is the capability.
 */
@ApiTags('demo-pay')
@Controller('api/demo-pay/sessions/:sessionId')
export class GetDemoCheckoutController {
  constructor(@Inject(DEMO_PROVIDER) private readonly demo: DemoProvider | null) {}

  @Get()
  @ApiOperation({ summary: 'The demo checkout page: what it is for (top-up amount or saving a card) and its state.' })
  async session(@Param('sessionId') id: string) {
    const session = await demoProvider(this.demo).checkoutSessions.view(validate(checkoutSessionIdParam, id, 'sessionId'));
    if (!session) throw new ApiError(404, 'SESSION_NOT_FOUND', 'No such payment page.');
    return session;
  }
}

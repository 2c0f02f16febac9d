import { Controller, Get, Inject, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';

import type { AuthenticatedUser } from '../../../../platform/auth/session-store.js';
import { CurrentUser, SessionGuard } from '../../../../platform/auth/session.guard.js';
import { CARD_PAYMENTS, type CardPayments } from '../../contracts/card-payments.port.js';

/** The saved cards live at the card provider, so they are read through its port (no table of the portal's). */
@ApiTags('payments')
@Controller('api/payments')
@UseGuards(SessionGuard)
export class ListPaymentMethodsController {
  constructor(@Inject(CARD_PAYMENTS) private readonly payments: CardPayments) {}

  @Get('methods')
  @ApiOperation({ summary: 'list-payment-methods: the signed-in agent’s saved cards, the default first.' })
  async methods(@CurrentUser() user: AuthenticatedUser) {
    return { methods: await this.payments.listCards(user.userId) };
  }
}

import { Controller, Get, Inject, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type pg from 'pg';

import type { AuthenticatedUser } from '../../../../platform/auth/session-store.js';
import { CurrentUser, SessionGuard } from '../../../../platform/auth/session.guard.js';
import { SQL_POOL } from '../../../../platform/tokens.js';
import { hasRole } from '../../../identity/contracts/user-directory.js';
import { walletSummary } from '../wallet-read.js';

@ApiTags('wallet')
@Controller('api/wallet')
@UseGuards(SessionGuard)
export class GetWalletController {
  constructor(@Inject(SQL_POOL) private readonly pool: pg.Pool) {}

  @Get()
  @ApiOperation({
    summary:
      "The signed-in agent's wallet in cents: available (the top bar's Balance), held, deposited, contributed, debt and test credit; zeros before any event.",
  })
  async get(@CurrentUser() user: AuthenticatedUser) {
    const { availableCents, heldCents, depositedCents, contributedCents, debtCents, testCreditCents } = await walletSummary(this.pool, user.userId);
    return { availableCents, heldCents, depositedCents, contributedCents, debtCents, testCreditCents };
  }

  @Get('access')
  @ApiOperation({ summary: 'Whether the signed-in user may open the finance pages (admin or finance role), for the menu.' })
  async access(@CurrentUser() user: AuthenticatedUser) {
    return { finance: await hasRole(this.pool, user.userId, ['admin', 'finance']) };
  }
}

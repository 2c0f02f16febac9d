import { Controller, Get, Inject, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type pg from 'pg';

import type { AuthenticatedUser } from '../../../../platform/auth/session-store.js';
import { CurrentUser, SessionGuard } from '../../../../platform/auth/session.guard.js';
import { CONFIG, SQL_POOL } from '../../../../platform/tokens.js';
import { transferRecipientsOf } from '../../../identity/contracts/user-directory.js';
import type { WalletConfig } from '../../wallet.config.js';
import { transferHistory } from '../wallet-read.js';

@ApiTags('wallet')
@Controller('api/wallet/transfers')
@UseGuards(SessionGuard)
export class GetTransferHistoryController {
  constructor(
    @Inject(SQL_POOL) private readonly pool: pg.Pool,
    @Inject(CONFIG) private readonly config: WalletConfig,
  ) {}

  @Get()
  @ApiOperation({
    summary:
      "The signed-in agent's transfers (get-transfer-history), newest first: `sent` and `received`, and all of them as `transfers` with type sent|received.",
  })
  async history(@CurrentUser() user: AuthenticatedUser) {
    return transferHistory(this.pool, user.userId);
  }

  @Get('recipients')
  @ApiOperation({
    summary:
      'Whom the signed-in agent may send to (the transfer rule): their SAT leader ({email, displayName} or null) and the agents who chose them as SAT leader; and the daily transfer limit in cents.',
  })
  async recipients(@CurrentUser() user: AuthenticatedUser) {
    return { ...(await transferRecipientsOf(this.pool, user.userId)), dailyLimitCents: this.config.wallet.transferDailyLimitCents };
  }
}

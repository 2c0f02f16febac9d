import { Controller, Get, Inject, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type pg from 'pg';
import { CurrentUser, SessionGuard } from '../../../../platform/auth/session.guard.js';
import type { AuthenticatedUser } from '../../../../platform/auth/session-store.js';
import { SQL_POOL } from '../../../../platform/tokens.js';
import { transferHistory } from '../wallet-read.js';

@ApiTags('wallet')
@Controller('api/wallet/transfers')
@UseGuards(SessionGuard)
export class GetTransferHistoryController {
  constructor(@Inject(SQL_POOL) private readonly pool: pg.Pool) {}

  @Get()
  @ApiOperation({ summary: "The signed-in agent's transfers (get-transfer-history), newest first: `sent` and `received`, and all of them as `transfers` with type sent|received." })
  async history(@CurrentUser() user: AuthenticatedUser) {
    return transferHistory(this.pool, user.userId);
  }
}

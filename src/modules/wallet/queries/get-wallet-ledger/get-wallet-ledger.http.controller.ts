import { Controller, Get, Inject, Param, Query, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type pg from 'pg';
import { z } from 'zod';

import type { AuthenticatedUser } from '../../../../platform/auth/session-store.js';
import { CurrentUser, SessionGuard } from '../../../../platform/auth/session.guard.js';
import type { EventStore } from '../../../../platform/event-store/event-store.port.js';
import { validate } from '../../../../platform/http/validate.js';
import { EVENT_STORE, SQL_POOL } from '../../../../platform/tokens.js';
import { explainEntry, ledgerPage } from '../wallet-read.js';

export const ledgerPageQuery = z.object({
  before: z.coerce.number({ message: 'Enter a number' }).int('Enter a whole number').min(1, 'At least 1').max(2_147_483_647, 'Too large').optional(),
  limit: z.coerce.number({ message: 'Enter a number' }).int('Enter a whole number').min(1, 'At least 1').max(200, 'At most 200').default(20),
});
export const ledgerSeq = z.coerce
  .number({ message: 'No such entry in your wallet history.' })
  .int('No such entry in your wallet history.')
  .min(1, 'No such entry in your wallet history.')
  .max(2_147_483_647, 'No such entry in your wallet history.');

@ApiTags('wallet')
@Controller('api/wallet/ledger')
@UseGuards(SessionGuard)
export class GetWalletLedgerController {
  constructor(
    @Inject(SQL_POOL) private readonly pool: pg.Pool,
    @Inject(EVENT_STORE) private readonly store: EventStore,
  ) {}

  @Get()
  @ApiOperation({ summary: "The signed-in agent's transaction history, newest first, 20 by default; pass `nextBefore` back as `before` for the next page." })
  async page(@CurrentUser() user: AuthenticatedUser, @Query() raw: unknown) {
    const { before, limit } = validate(ledgerPageQuery, raw);
    return ledgerPage(this.pool, user.userId, limit, before);
  }

  @Get(':seq')
  @ApiOperation({
    summary: "One entry of the signed-in agent's history explained: cause, actor, time, balances before and after, its hashes and the chain checked up to it.",
  })
  async explain(@CurrentUser() user: AuthenticatedUser, @Param('seq') raw: string) {
    const seq = validate(ledgerSeq, raw, 'seq');
    return explainEntry(this.store, this.pool, user.userId, seq);
  }
}

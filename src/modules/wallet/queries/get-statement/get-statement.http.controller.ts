import { Controller, Get, Inject, Query, Res, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type pg from 'pg';

import type { AuthenticatedUser } from '../../../../platform/auth/session-store.js';
import { CurrentUser, SessionGuard } from '../../../../platform/auth/session.guard.js';
import { validate } from '../../../../platform/http/validate.js';
import { CONFIG, SQL_POOL } from '../../../../platform/tokens.js';
import { agentTimeZone } from '../../../identity/contracts/agent-time-zone.js';
import type { WalletConfig } from '../../wallet.config.js';
import { statementRange } from '../statement-range.js';
import { statementCsv } from '../statement.js';

/** Sends a statement as a CSV download. */
export async function sendStatement(pool: pg.Pool, zone: string, reply: FastifyReply, userId: string, rawQuery: unknown): Promise<string> {
  const { from, to } = validate(statementRange, rawQuery);
  const { csv, fileName, timeZone } = await statementCsv(pool, userId, from, to, zone);
  void reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'no-store')
    .header('x-statement-time-zone', timeZone);
  return csv;
}

@ApiTags('wallet')
@Controller('api/wallet')
@UseGuards(SessionGuard)
export class GetStatementController {
  constructor(
    @Inject(SQL_POOL) private readonly pool: pg.Pool,
    @Inject(CONFIG) private readonly config: WalletConfig,
  ) {}

  @Get('statement.csv')
  @ApiOperation({
    summary:
      "The signed-in agent's statement as CSV for local days from..to (YYYY-MM-DD, both included) in the agent's time zone (chosen on their profile, else ORG_TIME_ZONE; named in the date column's header and the X-Statement-Time-Zone header).",
  })
  async statement(@CurrentUser() user: AuthenticatedUser, @Query() raw: unknown, @Res({ passthrough: true }) reply: FastifyReply) {
    return sendStatement(this.pool, await agentTimeZone(this.pool, user.userId, this.config.orgTimeZone), reply, user.userId, raw);
  }
}

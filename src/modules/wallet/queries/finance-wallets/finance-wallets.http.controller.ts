import { Controller, Get, Inject, Param, Query, Res, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type pg from 'pg';
import { z } from 'zod';

import { Roles, RolesGuard } from '../../../../platform/auth/roles.guard.js';
import type { AuthenticatedUser } from '../../../../platform/auth/session-store.js';
import { CurrentUser, SessionGuard } from '../../../../platform/auth/session.guard.js';
import type { EventStore } from '../../../../platform/event-store/event-store.port.js';
import { ApiError } from '../../../../platform/http/api-error.js';
import { validate } from '../../../../platform/http/validate.js';
import { CONFIG, EVENT_STORE, SQL_POOL } from '../../../../platform/tokens.js';
import { agentTimeZone } from '../../../identity/contracts/agent-time-zone.js';
import { userExists, userLabels } from '../../../identity/contracts/user-directory.js';
import type { WalletConfig } from '../../wallet.config.js';
import { sendStatement } from '../get-statement/get-statement.http.controller.js';
import { cardTopUps, checkChain, fullLedger, walletSummary } from '../wallet-read.js';
import { financeWallets, ledgerAccounts, WALLET_SORTS, type WalletSort } from './finance-wallets.query.js';

const FULL_HISTORY_MAX = 5_000;

const listQuery = z.object({
  offset: z.coerce.number({ message: 'Enter a number' }).int().min(0, 'At least 0').max(1_000_000, 'Too large').default(0),
  limit: z.coerce.number({ message: 'Enter a number' }).int().min(1, 'At least 1').max(200, 'At most 200').default(50),
  sort: z.enum(Object.keys(WALLET_SORTS) as [WalletSort, ...WalletSort[]], { message: `One of ${Object.keys(WALLET_SORTS).join(', ')}` }).default('email'),
  dir: z.enum(['asc', 'desc'], { message: 'asc or desc' }).default('asc'),
  search: z
    .string()
    .trim()
    .max(200, 'Search text is too long')
    .optional()
    .transform((v) => v || undefined),
  inDebt: z
    .enum(['true', 'false'], { message: 'true or false' })
    .optional()
    .transform((v) => v === 'true'),
});

@ApiTags('finance')
@Controller('api/finance')
@UseGuards(SessionGuard, RolesGuard)
@Roles('admin', 'finance')
export class FinanceWalletsController {
  constructor(
    @Inject(SQL_POOL) private readonly pool: pg.Pool,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CONFIG) private readonly config: WalletConfig,
  ) {}

  @Get('wallets')
  @ApiOperation({
    summary:
      "Every account's wallet (available, held, deposited, contributed, debt), a page sorted and filtered on the server, with the total (finance and admins).",
  })
  async list(@Query() raw: unknown) {
    return financeWallets(this.pool, validate(listQuery, raw));
  }

  @Get('accounts')
  @ApiOperation({
    summary:
      'Every account of the ledger (agents, their debts, system accounts) with its balance, and the sum of all of them, which is 0 (finance and admins).',
  })
  async accounts() {
    return ledgerAccounts(this.pool);
  }

  @Get('wallets/:userId/ledger')
  @ApiOperation({
    summary:
      "An agent's full wallet history, newest first: actor, time, cause, balances before and after, hashes; and their card top-ups with each refund and what is still refundable (finance and admins).",
  })
  async ledger(@Param('userId') rawUserId: string) {
    const userId = await this.known(rawUserId);
    const [user] = (await userLabels(this.pool, [userId])).values();
    return {
      user,
      summary: await walletSummary(this.pool, userId),
      topUps: await cardTopUps(this.pool, userId),
      ...(await fullLedger(this.pool, userId, FULL_HISTORY_MAX)),
    };
  }

  @Get('wallets/:userId/verify')
  @ApiOperation({
    summary: "Recomputes an agent's hash chain from the stored events and says whether every entry holds, or where it first breaks (finance and admins).",
  })
  async verify(@Param('userId') rawUserId: string) {
    return checkChain(this.store, this.pool, await this.known(rawUserId));
  }

  @Get('wallets/:userId/statement.csv')
  @ApiOperation({
    summary:
      "An agent's statement as CSV for local days from..to (YYYY-MM-DD) in the reader's time zone, the one their screens show (chosen on their profile, else ORG_TIME_ZONE; named in the date column's header), finance and admins.",
  })
  async statement(
    @CurrentUser() reader: AuthenticatedUser,
    @Param('userId') rawUserId: string,
    @Query() raw: unknown,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const agentId = await this.known(rawUserId);
    return sendStatement(this.pool, await agentTimeZone(this.pool, reader.userId, this.config.orgTimeZone), reply, agentId, raw);
  }

  private async known(rawUserId: string): Promise<string> {
    const userId = validate(z.uuid('No such account.'), rawUserId, 'userId');
    if (!(await userExists(this.pool, userId))) throw new ApiError(404, 'NOT_FOUND', 'No such account.');
    return userId;
  }
}

import { Body, Controller, HttpCode, Inject, Post, Req, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import type pg from 'pg';
import { z } from 'zod';

import type { AuthenticatedUser } from '../../../../platform/auth/session-store.js';
import { CurrentUser, SessionGuard } from '../../../../platform/auth/session.guard.js';
import { idempotencyKeyOf, idempotent } from '../../../../platform/http/idempotency.js';
import { requestContextOf } from '../../../../platform/http/request-client.js';
import { validate } from '../../../../platform/http/validate.js';
import { CONFIG, SQL_POOL } from '../../../../platform/tokens.js';
import { dollars, MAX_AMOUNT_CENTS } from '../../domain/wallet.decider.js';
import type { WalletConfig } from '../../wallet.config.js';
import { SendTransfer, type TransferAnswer } from './send-transfer.command.js';

/** The spec's transfer-money: amount (here in whole cents, at most the daily transfer limit), recipientEmail, description. */
export const sendTransferRequest = (dailyLimitCents: number) =>
  z.object({
    amountCents: z
      .number({ message: 'Amount must be a number of cents' })
      .int('Amount must be a whole number of cents')
      .min(1, 'Amount must be at least 1 cent')
      .max(
        Math.min(dailyLimitCents, MAX_AMOUNT_CENTS),
        `Amount must be at most ${dollars(Math.min(dailyLimitCents, MAX_AMOUNT_CENTS))}, the daily transfer limit`,
      ),
    recipientEmail: z
      .string({ message: 'Please enter the recipient’s e-mail address' })
      .trim()
      .min(1, 'Please enter the recipient’s e-mail address')
      .max(254, 'This e-mail address is too long')
      .pipe(z.email('Please enter a valid e-mail address')),
    description: z.string({ message: 'Description must be text' }).trim().max(200, 'Description must be at most 200 characters').optional().default(''),
  });

@ApiTags('wallet')
@Controller('api/wallet')
@UseGuards(SessionGuard)
export class SendTransferController {
  private readonly request: ReturnType<typeof sendTransferRequest>;

  constructor(
    private readonly commands: CommandBus,
    @Inject(SQL_POOL) private readonly pool: pg.Pool,
    @Inject(CONFIG) config: WalletConfig,
  ) {
    this.request = sendTransferRequest(config.wallet.transferDailyLimitCents);
  }

  @Post('transfers')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Sends money from the signed-in agent’s wallet to their SAT leader or to an agent who chose them as SAT leader (admins: anyone). Idempotency-Key required. Answers {transferId, status: completed | pending, availableCents}.',
  })
  async send(@CurrentUser() user: AuthenticatedUser, @Body() body: unknown, @Req() request: FastifyRequest): Promise<TransferAnswer> {
    const key = idempotencyKeyOf(request.headers);
    const input = validate(this.request, body);
    const recipientEmail = input.recipientEmail.toLowerCase();
    const answer = await idempotent(this.pool, { scope: user.userId, key, payload: { route: 'transfer', ...input, recipientEmail } }, async () => {
      const result = await this.commands.execute(
        new SendTransfer(
          { senderUserId: user.userId, recipientEmail, amountCents: input.amountCents, description: input.description },
          requestContextOf(request, { type: 'user', id: user.userId }),
          key,
        ),
      );
      return { status: 200, body: result };
    });
    return answer.body;
  }
}

import { Body, Controller, Get, Inject, Put, Req, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';

import type { AuthenticatedUser } from '../../../../platform/auth/session-store.js';
import { CurrentUser, SessionGuard } from '../../../../platform/auth/session.guard.js';
import { fold } from '../../../../platform/domain/decider.js';
import type { EventStore } from '../../../../platform/event-store/event-store.port.js';
import { requestContextOf } from '../../../../platform/http/request-client.js';
import { validate } from '../../../../platform/http/validate.js';
import { EVENT_STORE } from '../../../../platform/tokens.js';
import { autoRechargeDecider, autoRechargeStream, type AutoRechargeEvent, type AutoRechargeState } from '../../domain/auto-recharge.decider.js';
import { ConfigureAutoRecharge } from './configure-auto-recharge.command.js';

const cents = (label: string) => z.number({ message: `${label} must be a number of cents` }).int(`${label} must be a whole number of cents`);
const settingsRequest = z.object({
  enabled: z.boolean({ message: 'Say whether auto-recharge is on' }),
  thresholdCents: cents('Threshold'),
  amountCents: cents('Amount'),
  cardId: z.string().trim().max(255, 'Card id is too long'),
  dailyCapCents: cents('Daily limit'),
});

/** The signed-in agent's auto-recharge: settings, whether it is paused, and its latest charges. */
@ApiTags('wallet')
@Controller('api/wallet/auto-recharge')
@UseGuards(SessionGuard)
export class AutoRechargeController {
  constructor(
    private readonly commands: CommandBus,
    @Inject(EVENT_STORE) private readonly store: EventStore,
  ) {}

  @Get()
  @ApiOperation({ summary: "The signed-in agent's auto-recharge settings and its latest charges." })
  async get(@CurrentUser() user: AuthenticatedUser) {
    const events = (await this.store.readStream(autoRechargeStream(user.userId))) as unknown as (AutoRechargeEvent & { metadata: { occurredAt: string } })[];
    return answer(fold(autoRechargeDecider, events), events);
  }

  @Put()
  @ApiOperation({ summary: 'Saves the settings; saving also ends a pause after failed charges.' })
  async save(@CurrentUser() user: AuthenticatedUser, @Body() body: unknown, @Req() request: FastifyRequest) {
    const settings = validate(settingsRequest, body);
    await this.commands.execute(new ConfigureAutoRecharge({ userId: user.userId, settings }, requestContextOf(request, { type: 'user', id: user.userId })));
    return this.get(user);
  }
}

function answer(state: AutoRechargeState, events: readonly (AutoRechargeEvent & { metadata: { occurredAt: string } })[]) {
  const outcomes = events
    .filter((e) => e.type === 'AutoRechargeSucceeded' || e.type === 'AutoRechargeFailed')
    .slice(-5)
    .reverse()
    .map((e) => ({
      at: e.metadata.occurredAt,
      succeeded: e.type === 'AutoRechargeSucceeded',
      amountCents: e.type === 'AutoRechargeSucceeded' ? e.data.amountCents : null,
      message: e.type === 'AutoRechargeFailed' ? e.data.message : null,
    }));
  return {
    settings: state.settings ?? { enabled: false, thresholdCents: 2_000, amountCents: 5_000, cardId: '', dailyCapCents: 20_000 },
    configured: state.settings !== null,
    paused: state.paused,
    pauseReason: [...events].reverse().find((e) => e.type === 'AutoRechargePaused')?.data.reason ?? null,
    chargeUnderWay: state.pending !== null,
    latest: outcomes,
  };
}

import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type pg from 'pg';
import type { AppConfig } from '../../../../platform/config/config.js';
import { handleCommand } from '../../../../platform/event-store/command-handling.js';
import type { EventStore, RecordedEvent } from '../../../../platform/event-store/event-store.port.js';
import { stepFrom } from '../../../../platform/processes/process-step.js';
import { CONFIG, EVENT_STORE, SQL_POOL } from '../../../../platform/tokens.js';
import { CARD_PAYMENTS, type CardPayments } from '../../../payments/contracts/card-payments.port.js';
import { autoRechargeDecider, autoRechargeStream, type AutoRechargeEvent } from '../../domain/auto-recharge.decider.js';

type Started = Extract<AutoRechargeEvent, { type: 'AutoRechargeStarted' }>['data'];

export const AUTHENTICATION_NEEDED = 'Your bank asked to confirm this charge, which cannot happen while you are away. Top up from Add Balance instead.';

/**
 * Charges the saved card for a recharge that was started, off-session, with an idempotency
 * key from the attempt (a retried job never charges twice), and records the outcome. A
 * failure to reach the provider is thrown, so the job queue retries it.
 */
export class ChargeAutoRecharge extends Command<void> {
  constructor(readonly event: RecordedEvent<'AutoRechargeStarted', Started>) {
    super();
  }
}

@CommandHandler(ChargeAutoRecharge)
export class ChargeAutoRechargeHandler implements ICommandHandler<ChargeAutoRecharge, void> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(SQL_POOL) private readonly pool: pg.Pool,
    @Inject(CARD_PAYMENTS) private readonly payments: CardPayments,
    @Inject(CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ event }: ChargeAutoRecharge): Promise<void> {
    const { userId, attemptId, cardId, amountCents } = event.data;
    const { rows } = await this.pool.query<{ email: string }>('SELECT email FROM users WHERE id = $1', [userId]);
    const result = await this.payments.chargeSavedCard({
      userId,
      email: rows[0]?.email ?? '',
      cardId,
      amountCents,
      idempotencyKey: `autorecharge:${attemptId}`,
      autoRecharge: true,
      returnUrl: `${this.config.publicUrl}/payment-methods`,
    });
    const outcome =
      result.kind === 'succeeded'
        ? ({ succeeded: true, paymentId: result.paymentId } as const)
        : ({ succeeded: false, message: result.kind === 'declined' ? result.message : AUTHENTICATION_NEEDED } as const);
    await handleCommand({
      store: this.store,
      streamId: autoRechargeStream(userId),
      decider: autoRechargeDecider,
      command: { type: 'RecordOutcome', userId, attemptId, outcome },
      ...stepFrom(event, { type: 'system', id: 'auto-recharge' }),
    });
  }
}

import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type pg from 'pg';

import { DomainError } from '../../../../platform/domain/domain-error.js';
import { handleCommand } from '../../../../platform/event-store/command-handling.js';
import type { EventStore } from '../../../../platform/event-store/event-store.port.js';
import { STEP_CONFLICT_RETRIES } from '../../../../platform/processes/process-step.js';
import { CONFIG, EVENT_STORE, SQL_POOL } from '../../../../platform/tokens.js';
import { emailOf } from '../../../identity/contracts/user-directory.js';
import { CARD_PAYMENTS, type CardPayments } from '../../../payments/contracts/card-payments.port.js';
import { autoRechargeDecider, autoRechargeStream } from '../../domain/auto-recharge.decider.js';
import type { WalletConfig } from '../../wallet.config.js';
import { ChargeAutoRecharge } from './charge-auto-recharge.command.js';

export const CARD_REMOVED = 'The card chosen for auto-recharge was removed. Choose another card on Payment Methods.';
type AutoRechargeOutcome = { readonly succeeded: true; readonly paymentId: string } | { readonly succeeded: false; readonly message: string };

export const AUTHENTICATION_NEEDED = 'Your bank asked to confirm this charge, which cannot happen while you are away. Top up from Add Balance instead.';

/**
 * Charges the saved card off-session, with an idempotency key from the attempt (a retried job
 * never charges twice), and records the outcome. A failure to reach the provider is thrown, so
 * the job queue retries it.
 */
@CommandHandler(ChargeAutoRecharge)
export class ChargeAutoRechargeHandler implements ICommandHandler<ChargeAutoRecharge, void> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(SQL_POOL) private readonly pool: pg.Pool,
    @Inject(CARD_PAYMENTS) private readonly payments: CardPayments,
    @Inject(CONFIG) private readonly config: WalletConfig,
  ) {}

  async execute({ input, context, idempotencyKey }: ChargeAutoRecharge): Promise<void> {
    const { userId, attemptId, cardId, amountCents } = input;
    const outcome = await this.charge({ userId, attemptId, cardId, amountCents, email: (await emailOf(this.pool, userId)) ?? '' });
    await handleCommand({
      store: this.store,
      streamId: autoRechargeStream(userId),
      decider: autoRechargeDecider,
      command: { type: 'RecordOutcome', userId, attemptId, outcome },
      context,
      idempotencyKey,
      conflictRetries: STEP_CONFLICT_RETRIES,
    });
  }

  private async charge(input: { userId: string; attemptId: string; cardId: string; amountCents: number; email: string }): Promise<AutoRechargeOutcome> {
    let result;
    try {
      result = await this.payments.chargeSavedCard({
        userId: input.userId,
        email: input.email,
        cardId: input.cardId,
        amountCents: input.amountCents,
        idempotencyKey: `autorecharge:${input.attemptId}`,
        autoRecharge: true,
        returnUrl: `${this.config.publicUrl}/payment-methods`,
      });
    } catch (error) {
      // The card was deleted since auto-recharge was set: a failed charge the agent is told about, not a job retried forever.
      if (error instanceof DomainError && error.code === 'PAYMENT_METHOD_NOT_FOUND') return { succeeded: false, message: CARD_REMOVED };
      throw error;
    }
    if (result.kind === 'succeeded') return { succeeded: true, paymentId: result.paymentId };
    return { succeeded: false, message: result.kind === 'declined' ? result.message : AUTHENTICATION_NEEDED };
  }
}

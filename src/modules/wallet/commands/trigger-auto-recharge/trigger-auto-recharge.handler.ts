import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import { handleCommand } from '../../../../platform/event-store/command-handling.js';
import type { EventStore } from '../../../../platform/event-store/event-store.port.js';
import { STEP_CONFLICT_RETRIES } from '../../../../platform/processes/process-step.js';
import { CONFIG, EVENT_STORE } from '../../../../platform/tokens.js';
import { autoRechargeDecider, autoRechargeStream } from '../../domain/auto-recharge.decider.js';
import { availableCents } from '../../domain/wallet.decider.js';
import { WalletLedger } from '../../services/wallet-ledger.js';
import type { WalletConfig } from '../../wallet.config.js';
import { TriggerAutoRecharge } from './trigger-auto-recharge.command.js';

@CommandHandler(TriggerAutoRecharge)
export class TriggerAutoRechargeHandler implements ICommandHandler<TriggerAutoRecharge, void> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly ledger: WalletLedger,
    @Inject(CONFIG) private readonly config: WalletConfig,
  ) {}

  async execute({ input: { userId }, context, idempotencyKey }: TriggerAutoRecharge): Promise<void> {
    const streamId = autoRechargeStream(userId);
    // Most agents never switch it on: their trigger costs one short read.
    if ((await this.store.readStream(streamId, { maxCount: 1 })).length === 0) return;
    // The wallet is read first, then the recharge decided on its own stream's latest state: a
    // charge that succeeded in between is not in this balance, and the decider sees that.
    const wallet = await this.ledger.state(userId);
    await handleCommand({
      store: this.store,
      streamId,
      decider: autoRechargeDecider,
      command: {
        type: 'Trigger',
        userId,
        attemptId: idempotencyKey,
        availableCents: availableCents(wallet),
        causeEventId: idempotencyKey,
        walletPaymentIds: Object.keys(wallet.payments),
        timeZone: this.config.orgTimeZone,
      },
      context,
      idempotencyKey,
      conflictRetries: STEP_CONFLICT_RETRIES,
    });
  }
}

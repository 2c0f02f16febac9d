import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import { handleCommand } from '../../../../platform/event-store/command-handling.js';
import type { EventStore, RecordedEvent } from '../../../../platform/event-store/event-store.port.js';
import { stepFrom } from '../../../../platform/processes/process-step.js';
import { EVENT_STORE } from '../../../../platform/tokens.js';
import { autoRechargeDecider, autoRechargeStream } from '../../domain/auto-recharge.decider.js';
import { availableCents } from '../../domain/wallet.decider.js';
import { WalletLedger } from '../../services/wallet-ledger.js';

/** After money left a wallet: looks at the balance and starts a recharge if the agent's settings say so. */
export class TriggerAutoRecharge extends Command<void> {
  constructor(readonly event: RecordedEvent<string, { userId: string }>) {
    super();
  }
}

@CommandHandler(TriggerAutoRecharge)
export class TriggerAutoRechargeHandler implements ICommandHandler<TriggerAutoRecharge, void> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly ledger: WalletLedger,
  ) {}

  async execute({ event }: TriggerAutoRecharge): Promise<void> {
    const { userId } = event.data;
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
        attemptId: event.metadata.eventId,
        availableCents: availableCents(wallet),
        causeEventId: event.metadata.eventId,
        walletPaymentIds: Object.keys(wallet.payments),
      },
      ...stepFrom(event, { type: 'system', id: 'auto-recharge' }),
    });
  }
}

import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import { DomainError } from '../../../../platform/domain/domain-error.js';
import { handleCommand } from '../../../../platform/event-store/command-handling.js';
import type { EventStore } from '../../../../platform/event-store/event-store.port.js';
import { userRequestContext } from '../../../../platform/event-store/new-event.js';
import { EVENT_STORE } from '../../../../platform/tokens.js';
import { CARD_PAYMENTS, type CardPayments } from '../../../payments/contracts/card-payments.port.js';
import { autoRechargeDecider, autoRechargeStream, type AutoRechargeSettings, type AutoRechargeState } from '../../domain/auto-recharge.decider.js';

/** An agent saves their auto-recharge settings; the card must be one of their saved cards. */
export class ConfigureAutoRecharge extends Command<AutoRechargeState> {
  constructor(
    readonly userId: string,
    readonly settings: AutoRechargeSettings,
    readonly requestId: string,
  ) {
    super();
  }
}

@CommandHandler(ConfigureAutoRecharge)
export class ConfigureAutoRechargeHandler implements ICommandHandler<ConfigureAutoRecharge, AutoRechargeState> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CARD_PAYMENTS) private readonly payments: CardPayments,
  ) {}

  async execute({ userId, settings, requestId }: ConfigureAutoRecharge): Promise<AutoRechargeState> {
    if (settings.enabled || settings.cardId) {
      const cards = await this.payments.listCards(userId);
      if (!cards.some((card) => card.id === settings.cardId)) {
        throw new DomainError('CARD_NOT_FOUND', 'Choose one of your saved cards for auto-recharge.', 400);
      }
    }
    const result = await handleCommand({
      store: this.store,
      streamId: autoRechargeStream(userId),
      decider: autoRechargeDecider,
      command: { type: 'Configure', userId, ...settings },
      context: userRequestContext(userId, requestId),
    });
    return result.state;
  }
}

import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import { DomainError } from '../../../../platform/domain/domain-error.js';
import { handleCommand } from '../../../../platform/event-store/command-handling.js';
import type { EventStore } from '../../../../platform/event-store/event-store.port.js';
import { EVENT_STORE } from '../../../../platform/tokens.js';
import { CARD_PAYMENTS, type CardPayments } from '../../../payments/contracts/card-payments.port.js';
import { autoRechargeDecider, autoRechargeStream, type AutoRechargeState } from '../../domain/auto-recharge.decider.js';
import { ConfigureAutoRecharge } from './configure-auto-recharge.command.js';

/** Checks the card is one of the agent's saved cards, then decides on the agent's auto-recharge stream. */
@CommandHandler(ConfigureAutoRecharge)
export class ConfigureAutoRechargeHandler implements ICommandHandler<ConfigureAutoRecharge, AutoRechargeState> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CARD_PAYMENTS) private readonly payments: CardPayments,
  ) {}

  async execute({ input: { userId, settings }, context }: ConfigureAutoRecharge): Promise<AutoRechargeState> {
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
      context,
    });
    return result.state;
  }
}

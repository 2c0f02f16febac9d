import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import { CARD_PAYMENTS, type CardPayments } from '../../contracts/card-payments.port.js';
import { requireOwnCard } from '../../services/own-card.js';

/** set-default-payment-method: only one of the agent's own cards (another agent's is 404). */
export class SetDefaultPaymentMethod extends Command<void> {
  constructor(
    readonly userId: string,
    readonly cardId: string,
  ) {
    super();
  }
}

@CommandHandler(SetDefaultPaymentMethod)
export class SetDefaultPaymentMethodHandler implements ICommandHandler<SetDefaultPaymentMethod> {
  constructor(@Inject(CARD_PAYMENTS) private readonly payments: CardPayments) {}

  async execute({ userId, cardId }: SetDefaultPaymentMethod) {
    await requireOwnCard(this.payments, userId, cardId);
    await this.payments.setDefaultCard(userId, cardId);
  }
}

import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import { CARD_PAYMENTS, type CardPayments } from '../../contracts/card-payments.port.js';
import { requireOwnCard } from '../../services/own-card.js';

/** delete-payment-method: only one of the agent's own cards (another agent's is 404). */
export class DeletePaymentMethod extends Command<void> {
  constructor(
    readonly userId: string,
    readonly cardId: string,
  ) {
    super();
  }
}

@CommandHandler(DeletePaymentMethod)
export class DeletePaymentMethodHandler implements ICommandHandler<DeletePaymentMethod> {
  constructor(@Inject(CARD_PAYMENTS) private readonly payments: CardPayments) {}

  async execute({ userId, cardId }: DeletePaymentMethod) {
    await requireOwnCard(this.payments, userId, cardId);
    await this.payments.deleteCard(userId, cardId);
  }
}

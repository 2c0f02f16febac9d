import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import { CARD_PAYMENTS, type CardPayments } from '../../contracts/card-payments.port.js';
import { requireOwnCard } from '../../services/own-card.js';
import { DeletePaymentMethod } from './delete-payment-method.command.js';

@CommandHandler(DeletePaymentMethod)
export class DeletePaymentMethodHandler implements ICommandHandler<DeletePaymentMethod> {
  constructor(@Inject(CARD_PAYMENTS) private readonly payments: CardPayments) {}

  async execute({ input: { userId, cardId } }: DeletePaymentMethod) {
    await requireOwnCard(this.payments, userId, cardId);
    await this.payments.deleteCard(userId, cardId);
  }
}

import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import { CARD_PAYMENTS, type CardPayments } from '../../contracts/card-payments.port.js';
import { requireOwnCard } from '../../services/own-card.js';
import { SetDefaultPaymentMethod } from './set-default-payment-method.command.js';

@CommandHandler(SetDefaultPaymentMethod)
export class SetDefaultPaymentMethodHandler implements ICommandHandler<SetDefaultPaymentMethod> {
  constructor(@Inject(CARD_PAYMENTS) private readonly payments: CardPayments) {}

  async execute({ input: { userId, cardId } }: SetDefaultPaymentMethod) {
    await requireOwnCard(this.payments, userId, cardId);
    await this.payments.setDefaultCard(userId, cardId);
  }
}

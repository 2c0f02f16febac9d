import { Inject } from '@nestjs/common';
import { CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { milliseconds } from 'date-fns/milliseconds';

import { CARD_PAYMENTS, type CardPayments } from '../../contracts/card-payments.port.js';
import { creditPayment } from '../../services/payment-credits.js';
import { SweepCardPayments } from './sweep-card-payments.command.js';

/** How far back the sweep looks for succeeded payments the wallet was not credited for. */
const SWEEP_DAYS = 3;

/** Credits every succeeded payment of the last days the wallet has not had (a webhook that never came); the number newly credited. */
@CommandHandler(SweepCardPayments)
export class SweepCardPaymentsHandler implements ICommandHandler<SweepCardPayments, number> {
  constructor(
    @Inject(CARD_PAYMENTS) private readonly payments: CardPayments,
    private readonly commands: CommandBus,
  ) {}

  async execute({ context }: SweepCardPayments): Promise<number> {
    const recent = await this.payments.listRecentPayments(new Date(context.now.getTime() - milliseconds({ days: SWEEP_DAYS })));
    let credited = 0;
    for (const payment of recent) {
      if (payment.status === 'succeeded' && (await creditPayment(this.commands, this.payments, payment, 'payment-sweep'))) credited += 1;
    }
    return credited;
  }
}

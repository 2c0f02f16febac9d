import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import { returnOriginFor } from '../../../../platform/http/request-client.js';
import { CONFIG } from '../../../../platform/tokens.js';
import { CARD_PAYMENTS, type CardPayments } from '../../contracts/card-payments.port.js';
import type { PaymentsConfig } from '../../payments.config.js';
import { StartCardSetup } from './start-card-setup.command.js';

@CommandHandler(StartCardSetup)
export class StartCardSetupHandler implements ICommandHandler<StartCardSetup> {
  constructor(
    @Inject(CARD_PAYMENTS) private readonly payments: CardPayments,
    @Inject(CONFIG) private readonly config: PaymentsConfig,
  ) {}

  async execute({ input: user }: StartCardSetup) {
    const { url } = await this.payments.setupCard({
      userId: user.userId,
      email: user.email,
      returnUrl: `${returnOriginFor(this.config, user.requestOrigin)}/payment-methods`,
    });
    return { publishableKey: this.payments.publishableKey, url };
  }
}

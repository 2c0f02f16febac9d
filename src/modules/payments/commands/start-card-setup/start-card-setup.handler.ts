import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import type { AppConfig } from '../../../../platform/config/config.js';
import { CONFIG } from '../../../../platform/tokens.js';
import { CARD_PAYMENTS, type CardPayments } from '../../contracts/card-payments.port.js';

/** create-setup-intent: the provider's hosted page that saves a card, back to /payment-methods?setup=success|cancelled. */
export class StartCardSetup extends Command<{ publishableKey: string | null; url: string }> {
  constructor(readonly user: { readonly userId: string; readonly email: string }) {
    super();
  }
}

@CommandHandler(StartCardSetup)
export class StartCardSetupHandler implements ICommandHandler<StartCardSetup> {
  constructor(
    @Inject(CARD_PAYMENTS) private readonly payments: CardPayments,
    @Inject(CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ user }: StartCardSetup) {
    const { url } = await this.payments.setupCard({ userId: user.userId, email: user.email, returnUrl: `${this.config.publicUrl}/payment-methods` });
    return { publishableKey: this.payments.publishableKey, url };
  }
}

import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import type { DemoCardPayments } from '../../adapters/demo/demo-card-payments.js';
import type { ProviderDispute } from '../../contracts/card-payments.port.js';
import { DEMO_CARD_PAYMENTS, demoProvider } from '../../domain/demo-provider.js';
import { CloseDemoDispute } from './close-demo-dispute.command.js';

@CommandHandler(CloseDemoDispute)
export class CloseDemoDisputeHandler implements ICommandHandler<CloseDemoDispute, ProviderDispute> {
  constructor(@Inject(DEMO_CARD_PAYMENTS) private readonly demo: DemoCardPayments | null) {}

  execute({ input: { disputeId, outcome } }: CloseDemoDispute) {
    return demoProvider(this.demo).closeDispute(disputeId, outcome);
  }
}

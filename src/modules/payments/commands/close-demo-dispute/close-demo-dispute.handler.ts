import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import type { ProviderDispute } from '../../contracts/card-payments.port.js';
import { DEMO_PROVIDER, demoProvider, type DemoProvider } from '../../domain/demo-provider.js';
import { CloseDemoDispute } from './close-demo-dispute.command.js';

@CommandHandler(CloseDemoDispute)
export class CloseDemoDisputeHandler implements ICommandHandler<CloseDemoDispute, ProviderDispute> {
  constructor(@Inject(DEMO_PROVIDER) private readonly demo: DemoProvider | null) {}

  execute({ input: { disputeId, outcome } }: CloseDemoDispute) {
    return demoProvider(this.demo).disputes.close(disputeId, outcome);
  }
}

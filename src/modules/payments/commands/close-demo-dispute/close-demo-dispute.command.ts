import { Command } from '@nestjs/cqrs';

import type { CommandContext } from '../../../../platform/event-store/new-event.js';
import type { ProviderDispute } from '../../contracts/card-payments.port.js';

/** On the demo provider an admin (the context's actor) plays the card holder's bank: a dispute is won (money back) or lost. */
export class CloseDemoDispute extends Command<ProviderDispute> {
  constructor(
    readonly input: { readonly disputeId: string; readonly outcome: 'won' | 'lost' },
    readonly context: CommandContext,
  ) {
    super();
  }
}

import { Command } from '@nestjs/cqrs';

import type { CommandContext } from '../../../../platform/event-store/new-event.js';
import type { CardEntry } from '../../adapters/demo/demo-cards.js';
import type { DemoPayOutcome } from '../../adapters/demo/demo-checkout-sessions.js';

/** The demo provider's hosted page: pay (payment mode) or save (setup mode) with a test card. */
export class SubmitDemoCard extends Command<DemoPayOutcome> {
  constructor(
    readonly input: { readonly sessionId: string; readonly card: CardEntry },
    readonly context: CommandContext,
  ) {
    super();
  }
}

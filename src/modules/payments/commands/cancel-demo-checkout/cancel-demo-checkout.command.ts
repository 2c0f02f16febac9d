import { Command } from '@nestjs/cqrs';

import type { CommandContext } from '../../../../platform/event-store/new-event.js';

/** Leaving the demo provider's page without paying or saving. */
export class CancelDemoCheckout extends Command<{ redirectUrl: string }> {
  constructor(
    readonly input: { readonly sessionId: string },
    readonly context: CommandContext,
  ) {
    super();
  }
}

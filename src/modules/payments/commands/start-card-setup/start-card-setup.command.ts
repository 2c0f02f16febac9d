import { Command } from '@nestjs/cqrs';

import type { CommandContext } from '../../../../platform/event-store/new-event.js';

/** create-setup-intent: the provider's hosted page that saves a card, back to /payment-methods?setup=success|cancelled. */
export class StartCardSetup extends Command<{ publishableKey: string | null; url: string }> {
  constructor(
    /** requestOrigin: where the agent's request came to; the provider's tab comes back there unless PUBLIC_URL is set. */
    readonly input: { readonly userId: string; readonly email: string; readonly requestOrigin?: string | null },
    readonly context: CommandContext,
  ) {
    super();
  }
}

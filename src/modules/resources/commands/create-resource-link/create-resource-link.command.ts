import { Command } from '@nestjs/cqrs';

import type { CommandContext } from '../../../../platform/event-store/new-event.js';
import type { ResourceLinkFields } from '../../contracts/resource-tabs.js';

/** An admin (the context's actor) adds a card at the end of its tab; answers the card's id. */
export class CreateResourceLink extends Command<{ readonly resourceId: string }> {
  constructor(
    readonly input: ResourceLinkFields & { readonly resourceId: string },
    readonly context: CommandContext,
  ) {
    super();
  }
}

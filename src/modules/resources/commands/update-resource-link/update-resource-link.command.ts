import { Command } from '@nestjs/cqrs';

import type { CommandContext } from '../../../../platform/event-store/new-event.js';
import type { ResourceLinkFields } from '../../contracts/resource-tabs.js';

/** An admin (the context's actor) edits a card: its text, address, action, tab (moved to the end of the new tab) or hides it. */
export class UpdateResourceLink extends Command<void> {
  constructor(
    readonly input: ResourceLinkFields & { readonly resourceId: string },
    readonly context: CommandContext,
  ) {
    super();
  }
}

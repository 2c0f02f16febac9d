import { Command } from '@nestjs/cqrs';

import type { CommandContext } from '../../../../platform/event-store/new-event.js';
import type { ResourceTab } from '../../contracts/resource-tabs.js';

/** An admin (the context's actor) puts a card at a place (0 = first) of a tab: reordering within its tab, or moving it to another. */
export class MoveResourceLink extends Command<{ readonly position: number }> {
  constructor(
    readonly input: { readonly resourceId: string; readonly tab: ResourceTab; readonly index: number },
    readonly context: CommandContext,
  ) {
    super();
  }
}

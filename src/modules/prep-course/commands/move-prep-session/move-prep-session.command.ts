import { Command } from '@nestjs/cqrs';

import type { CommandContext } from '../../../../platform/event-store/new-event.js';

/** An admin (the context's actor) moves a course weekend to another Saturday (yyyy-MM-dd); its registrants are mailed the new dates. */
export class MovePrepSession extends Command<void> {
  constructor(
    readonly input: { readonly sessionId: string; readonly saturday: string },
    readonly context: CommandContext,
  ) {
    super();
  }
}

import { Command } from '@nestjs/cqrs';

import type { CommandContext } from '../../../../platform/event-store/new-event.js';

/** An admin (the context's actor) cancels a course weekend; its registrants are mailed. */
export class CancelPrepSession extends Command<void> {
  constructor(
    readonly input: { readonly sessionId: string },
    readonly context: CommandContext,
  ) {
    super();
  }
}

import { Command } from '@nestjs/cqrs';

import type { CommandContext } from '../../../../platform/event-store/new-event.js';

/** An admin (the context's actor) leaves a note on a ticket for the other admins; `noteId` keeps a repeat once. */
export class AddInternalNote extends Command<{ noteId: string }> {
  constructor(
    readonly input: { readonly ticketId: string; readonly noteId: string; readonly body: string },
    readonly context: CommandContext,
  ) {
    super();
  }
}

import { Command } from '@nestjs/cqrs';

import type { CommandContext } from '../../../../platform/event-store/new-event.js';

/** An admin (the context's actor) saves a ticket's admin notes as written, edited from `previousNotes`. */
export class SaveAdminNotes extends Command<void> {
  constructor(
    readonly input: { readonly ticketId: string; readonly adminNotes: string; readonly previousNotes: string },
    readonly context: CommandContext,
  ) {
    super();
  }
}

import { Command } from '@nestjs/cqrs';

import type { CommandContext } from '../../../../platform/event-store/new-event.js';

/** An admin (the context's actor) takes an announcement down: softly, the row stays with who and when. */
export class DeleteAnnouncement extends Command<void> {
  constructor(
    readonly input: { readonly announcementId: string },
    readonly context: CommandContext,
  ) {
    super();
  }
}

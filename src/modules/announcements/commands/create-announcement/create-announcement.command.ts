import { Command } from '@nestjs/cqrs';

import type { CommandContext } from '../../../../platform/event-store/new-event.js';
import type { AnnouncementInput } from './create-announcement.request.js';

/** An admin (the context's actor) announces something to every agent; answers the new announcement's id. */
export class CreateAnnouncement extends Command<{ readonly announcementId: string }> {
  constructor(
    readonly input: AnnouncementInput & { readonly announcementId: string },
    readonly context: CommandContext,
  ) {
    super();
  }
}

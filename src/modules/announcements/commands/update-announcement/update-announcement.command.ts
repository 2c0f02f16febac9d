import { Command } from '@nestjs/cqrs';

import type { CommandContext } from '../../../../platform/event-store/new-event.js';
import type { AnnouncementInput } from '../create-announcement/create-announcement.request.js';

/** An admin (the context's actor) edits an announcement's title, content and window. */
export class UpdateAnnouncement extends Command<void> {
  constructor(
    readonly input: AnnouncementInput & { readonly announcementId: string },
    readonly context: CommandContext,
  ) {
    super();
  }
}

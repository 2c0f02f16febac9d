import { Command } from '@nestjs/cqrs';

import type { CommandContext } from '../../../../platform/event-store/new-event.js';

/** Forgets conversations and unanswered questions whose last message is older than the retention time; answers how many went. */
export class PurgeExpiredConversations extends Command<{ readonly conversations: number; readonly questions: number }> {
  constructor(
    readonly input: { readonly retentionDays: number },
    readonly context: CommandContext,
  ) {
    super();
  }
}

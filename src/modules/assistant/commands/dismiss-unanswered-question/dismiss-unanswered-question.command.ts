import { Command } from '@nestjs/cqrs';

import type { CommandContext } from '../../../../platform/event-store/new-event.js';

/** An admin (the context's actor) has dealt with an unanswered question (the content now answers it); asked again, it comes back. */
export class DismissUnansweredQuestion extends Command<{ readonly dismissed: boolean }> {
  constructor(
    readonly input: { readonly questionKey: string },
    readonly context: CommandContext,
  ) {
    super();
  }
}

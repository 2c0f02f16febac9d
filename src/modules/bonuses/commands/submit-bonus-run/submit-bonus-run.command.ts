import { Command } from '@nestjs/cqrs';

import type { CommandContext } from '../../../../platform/event-store/new-event.js';

/** The admin who prepared a run (the context's actor) submits it for approval: nothing in it changes after this. */
export class SubmitBonusRun extends Command<void> {
  constructor(
    readonly input: { readonly week: string },
    readonly context: CommandContext,
  ) {
    super();
  }
}

import { Command } from '@nestjs/cqrs';

import type { CommandContext } from '../../../../platform/event-store/new-event.js';

/** A second admin (the context's actor) approves a submitted run: its payout starts. */
export class ApproveBonusRun extends Command<void> {
  constructor(
    readonly input: { readonly week: string },
    readonly context: CommandContext,
  ) {
    super();
  }
}

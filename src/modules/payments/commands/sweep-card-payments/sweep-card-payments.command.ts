import { Command } from '@nestjs/cqrs';

import type { CommandContext } from '../../../../platform/event-store/new-event.js';

/** Credits the succeeded payments of the last days whose webhook never came (as of the context's time); answers how many it credited. */
export class SweepCardPayments extends Command<number> {
  constructor(
    readonly input: Record<string, never>,
    readonly context: CommandContext,
  ) {
    super();
  }
}

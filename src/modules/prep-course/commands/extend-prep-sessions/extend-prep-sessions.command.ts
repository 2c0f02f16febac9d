import { Command } from '@nestjs/cqrs';

import type { CommandContext } from '../../../../platform/event-store/new-event.js';

/** Makes sure every cadence weekend from now to a little past the offer window has a session (with `capacity` seats); answers how many it added. */
export class ExtendPrepSessions extends Command<{ readonly added: number }> {
  constructor(
    readonly input: { readonly capacity: number },
    readonly context: CommandContext,
  ) {
    super();
  }
}

import { Command } from '@nestjs/cqrs';

import type { CommandContext } from '../../../../platform/event-store/new-event.js';

/** An admin (the context's actor) sets how many seats a course weekend has. */
export class SetPrepSessionCapacity extends Command<void> {
  constructor(
    readonly input: { readonly sessionId: string; readonly capacity: number },
    readonly context: CommandContext,
  ) {
    super();
  }
}

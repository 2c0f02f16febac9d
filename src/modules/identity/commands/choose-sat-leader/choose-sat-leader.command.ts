import { Command } from '@nestjs/cqrs';

import type { CommandContext } from '../../../../platform/event-store/new-event.js';

/** A signed-in user (the actor) chooses their SAT leader. */
export class ChooseSatLeader extends Command<void> {
  constructor(
    readonly input: { readonly satLeaderId: string },
    readonly context: CommandContext,
  ) {
    super();
  }
}

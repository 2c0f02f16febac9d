import { Command } from '@nestjs/cqrs';

import type { CommandContext } from '../../../../platform/event-store/new-event.js';

/** An admin gives an agent another SAT leader (the agent chose theirs at their first sign-in). */
export class AssignSatLeader extends Command<{ readonly changed: boolean }> {
  constructor(
    readonly input: { readonly userId: string; readonly satLeaderId: string },
    readonly context: CommandContext,
  ) {
    super();
  }
}

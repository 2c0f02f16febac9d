import { Command } from '@nestjs/cqrs';

import type { CommandContext } from '../../../../platform/event-store/new-event.js';

/** The signed-in agent ends their own elevated access. */
export class RevokeElevatedAccess extends Command<void> {
  constructor(
    readonly input: { readonly userId: string },
    readonly context: CommandContext,
  ) {
    super();
  }
}

import { Command } from '@nestjs/cqrs';

import type { CommandContext } from '../../../../platform/event-store/new-event.js';

/** An admin marks or unmarks an account as a SAT leader (title_code Satellite). */
export class SetSatLeaderRole extends Command<void> {
  constructor(
    readonly input: { readonly userId: string; readonly satLeader: boolean },
    readonly context: CommandContext,
  ) {
    super();
  }
}

import { Command } from '@nestjs/cqrs';

import type { CommandContext } from '../../../../platform/event-store/new-event.js';

/** The person signed in with an invited address says no: the invitation is gone, and they are not in the group. */
export class DeclineGroupInvitation extends Command<{ groupId: string }> {
  constructor(
    readonly input: { readonly userId: string; readonly email: string; readonly groupId: string },
    readonly context: CommandContext,
    readonly idempotencyKey?: string,
  ) {
    super();
  }
}

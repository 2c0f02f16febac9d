import { Command } from '@nestjs/cqrs';

import type { CommandContext } from '../../../../platform/event-store/new-event.js';

/** The person signed in with an invited address joins the group: from now on they can be given its owner's leads. */
export class AcceptGroupInvitation extends Command<{ groupId: string }> {
  constructor(
    readonly input: { readonly userId: string; readonly email: string; readonly groupId: string },
    readonly context: CommandContext,
    readonly idempotencyKey?: string,
  ) {
    super();
  }
}

import { Command } from '@nestjs/cqrs';

import type { CommandContext } from '../../../../platform/event-store/new-event.js';

/** A group's owner takes back an invitation not yet answered. */
export class CancelGroupInvitation extends Command<{ groupId: string }> {
  constructor(
    readonly input: { readonly ownerId: string; readonly groupId: string; readonly email: string },
    readonly context: CommandContext,
    readonly idempotencyKey?: string,
  ) {
    super();
  }
}

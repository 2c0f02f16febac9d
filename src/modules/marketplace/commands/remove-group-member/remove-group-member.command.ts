import { Command } from '@nestjs/cqrs';

import type { CommandContext } from '../../../../platform/event-store/new-event.js';

/** An agent takes a member out of one of their groups. */
export class RemoveGroupMember extends Command<{ groupId: string }> {
  constructor(
    readonly input: { readonly ownerId: string; readonly groupId: string; readonly memberId: string },
    readonly context: CommandContext,
    readonly idempotencyKey?: string,
  ) {
    super();
  }
}

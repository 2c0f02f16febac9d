import { Command } from '@nestjs/cqrs';

import type { CommandContext } from '../../../../platform/event-store/new-event.js';

/** A member takes themselves out of someone else's group: they get none of its owner's leads from then on. */
export class LeaveGroup extends Command<{ groupId: string }> {
  constructor(
    readonly input: { readonly memberId: string; readonly groupId: string },
    readonly context: CommandContext,
    readonly idempotencyKey?: string,
  ) {
    super();
  }
}

import { Command } from '@nestjs/cqrs';

import type { CommandContext } from '../../../../platform/event-store/new-event.js';

/** An agent deletes one of their groups; its members keep their accounts. */
export class DeleteGroup extends Command<{ groupId: string }> {
  constructor(
    readonly input: { readonly ownerId: string; readonly groupId: string },
    readonly context: CommandContext,
    readonly idempotencyKey?: string,
  ) {
    super();
  }
}

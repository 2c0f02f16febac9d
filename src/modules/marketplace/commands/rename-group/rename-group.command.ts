import { Command } from '@nestjs/cqrs';

import type { CommandContext } from '../../../../platform/event-store/new-event.js';

/** An agent renames one of their groups (the name unique among theirs). */
export class RenameGroup extends Command<{ groupId: string }> {
  constructor(
    readonly input: { readonly ownerId: string; readonly groupId: string; readonly name: string },
    readonly context: CommandContext,
    readonly idempotencyKey?: string,
  ) {
    super();
  }
}

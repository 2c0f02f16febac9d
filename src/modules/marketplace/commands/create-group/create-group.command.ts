import { Command } from '@nestjs/cqrs';

import type { CommandContext } from '../../../../platform/event-store/new-event.js';

/** An agent makes a group of their own, named uniquely among theirs. */
export class CreateGroup extends Command<{ groupId: string }> {
  constructor(
    readonly input: { readonly ownerId: string; readonly name: string },
    readonly context: CommandContext,
    readonly idempotencyKey?: string,
  ) {
    super();
  }
}

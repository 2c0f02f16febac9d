import { Command } from '@nestjs/cqrs';

import type { CommandContext } from '../../../../platform/event-store/new-event.js';

/** A signed-in user ends this session. */
export class SignOut extends Command<void> {
  constructor(
    readonly input: { readonly sessionHash: string },
    readonly context: CommandContext,
  ) {
    super();
  }
}

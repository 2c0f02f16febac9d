import { Command } from '@nestjs/cqrs';

import type { CommandContext } from '../../../../platform/event-store/new-event.js';

/** An admin allows one more address to sign up. */
export class ApproveEmail extends Command<void> {
  constructor(
    readonly input: { readonly email: string },
    readonly context: CommandContext,
  ) {
    super();
  }
}

import { Command } from '@nestjs/cqrs';

import type { CommandContext } from '../../../../platform/event-store/new-event.js';

/** An admin takes an address off the sign-up list. */
export class RemoveApprovedEmail extends Command<void> {
  constructor(
    readonly input: { readonly email: string },
    readonly context: CommandContext,
  ) {
    super();
  }
}

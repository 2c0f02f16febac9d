import { Command } from '@nestjs/cqrs';

import type { CommandContext } from '../../../../platform/event-store/new-event.js';

/** The context's actor replaces their own profile picture with the uploaded bytes; answers its new address. */
export class ChangeAvatar extends Command<{ readonly avatarUrl: string }> {
  constructor(
    readonly input: { readonly bytes: Buffer },
    readonly context: CommandContext,
  ) {
    super();
  }
}

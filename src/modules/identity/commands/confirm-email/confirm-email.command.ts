import { Command } from '@nestjs/cqrs';

import type { CommandContext } from '../../../../platform/event-store/new-event.js';

/** Someone opens the confirmation link of their account's e-mail address. */
export class ConfirmEmail extends Command<void> {
  constructor(
    readonly input: { readonly token: string },
    readonly context: CommandContext,
  ) {
    super();
  }
}

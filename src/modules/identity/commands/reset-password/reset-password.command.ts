import { Command } from '@nestjs/cqrs';

import type { CommandContext } from '../../../../platform/event-store/new-event.js';

/** Someone sets a new password with the token from a reset link. */
export class ResetPassword extends Command<void> {
  constructor(
    readonly input: { readonly token: string; readonly password: string },
    readonly context: CommandContext,
  ) {
    super();
  }
}

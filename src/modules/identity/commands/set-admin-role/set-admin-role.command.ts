import { Command } from '@nestjs/cqrs';

import type { CommandContext } from '../../../../platform/event-store/new-event.js';

/** An admin grants or revokes the admin role of an account. */
export class SetAdminRole extends Command<void> {
  constructor(
    readonly input: { readonly userId: string; readonly admin: boolean },
    readonly context: CommandContext,
  ) {
    super();
  }
}

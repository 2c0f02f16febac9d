import { Command } from '@nestjs/cqrs';

import type { CommandContext } from '../../../../platform/event-store/new-event.js';

/** An admin disables an account (ending its sessions at once) or enables it again. */
export class SetAccountDisabled extends Command<void> {
  constructor(
    readonly input: { readonly userId: string; readonly disabled: boolean },
    readonly context: CommandContext,
  ) {
    super();
  }
}

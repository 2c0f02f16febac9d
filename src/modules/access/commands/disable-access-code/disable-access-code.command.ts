import { Command } from '@nestjs/cqrs';

import type { CommandContext } from '../../../../platform/event-store/new-event.js';

/** An admin (the context's actor) disables a code. */
export class DisableAccessCode extends Command<void> {
  constructor(
    readonly input: { readonly codeId: string },
    readonly context: CommandContext,
  ) {
    super();
  }
}

import { Command } from '@nestjs/cqrs';

import type { CommandContext } from '../../../../platform/event-store/new-event.js';

/** The agent turns an integration that was turned off for failing back on, replaying what it missed or not. */
export class EnableIntegration extends Command<{ replayed: number; skipped: number }> {
  constructor(
    readonly input: { readonly integrationId: string; readonly replay: boolean },
    readonly context: CommandContext,
  ) {
    super();
  }
}

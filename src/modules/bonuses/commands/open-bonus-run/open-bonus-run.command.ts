import { Command } from '@nestjs/cqrs';

import type { CommandContext } from '../../../../platform/event-store/new-event.js';

export type OpenedRun = { readonly week: string; readonly agents: number; readonly exceptions: number; readonly inputsHash: string };

/** Opens the run for a week that has ended, freezing every agent's inputs (the context's actor opens it: an admin, or the weekly job). */
export class OpenBonusRun extends Command<OpenedRun> {
  constructor(
    readonly input: { readonly week: string },
    readonly context: CommandContext,
  ) {
    super();
  }
}

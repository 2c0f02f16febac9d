import { Command } from '@nestjs/cqrs';

import type { CommandContext } from '../../../../platform/event-store/new-event.js';
import type { OpenedRun } from '../open-bonus-run/open-bonus-run.command.js';

/** An admin (the context's actor) freezes an open run's inputs again, after fixing an agent's settings: lines and exceptions are recomputed, adjustments stay. */
export class RefreshBonusRunInputs extends Command<OpenedRun> {
  constructor(
    readonly input: { readonly week: string },
    readonly context: CommandContext,
  ) {
    super();
  }
}

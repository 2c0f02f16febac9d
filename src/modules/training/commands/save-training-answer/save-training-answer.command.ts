import { Command } from '@nestjs/cqrs';

import type { CommandContext } from '../../../../platform/event-store/new-event.js';
import type { Division } from '../../contracts/training-content.js';

/** The agent (the context's actor) saves a free-text homework answer; an empty answer clears it. */
export class SaveTrainingAnswer extends Command<{ readonly answer: string }> {
  constructor(
    readonly input: { readonly division: Division; readonly itemId: string; readonly answer: string },
    readonly context: CommandContext,
  ) {
    super();
  }
}

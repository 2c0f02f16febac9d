import { Command } from '@nestjs/cqrs';

import type { CommandContext } from '../../../../platform/event-store/new-event.js';
import type { Division } from '../../contracts/training-content.js';

export type SetTrainingItemAnswer = {
  /** The ticked items of the item's day after the change, the day included when it is complete. */
  readonly ticked: readonly string[];
  readonly dayId: string;
  readonly dayComplete: boolean;
};

/** The agent (the context's actor) ticks or unticks one item of a day: the day itself, or one of its parts. */
export class SetTrainingItem extends Command<SetTrainingItemAnswer> {
  constructor(
    readonly input: { readonly division: Division; readonly itemId: string; readonly checked: boolean },
    readonly context: CommandContext,
  ) {
    super();
  }
}

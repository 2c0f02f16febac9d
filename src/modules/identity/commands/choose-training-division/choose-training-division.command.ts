import { Command } from '@nestjs/cqrs';

import type { CommandContext } from '../../../../platform/event-store/new-event.js';
import type { Division } from '../../../training/contracts/training-content.js';

/** A signed-in user (the actor) chooses the office they train in: the Training menu opens its schedule. */
export class ChooseTrainingDivision extends Command<void> {
  constructor(
    readonly input: { readonly division: Division },
    readonly context: CommandContext,
  ) {
    super();
  }
}

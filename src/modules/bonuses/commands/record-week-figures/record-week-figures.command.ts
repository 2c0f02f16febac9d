import { Command } from '@nestjs/cqrs';

import type { CommandContext } from '../../../../platform/event-store/new-event.js';
import type { WeekFigures } from '../../domain/marketplace-week.js';

/** The marketplace service's figures for an agent's week, as the poller read them: recorded when any changed. */
export class RecordWeekFigures extends Command<readonly string[]> {
  constructor(
    readonly input: { readonly userId: string; readonly agentNumber: string; readonly week: string; readonly figures: WeekFigures },
    readonly context: CommandContext,
  ) {
    super();
  }
}

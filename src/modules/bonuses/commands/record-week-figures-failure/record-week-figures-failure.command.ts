import { Command } from '@nestjs/cqrs';

import type { CommandContext } from '../../../../platform/event-store/new-event.js';

/** The poller could not read an agent's week from the marketplace service (the reason in words): recorded when it starts or changes. */
export class RecordWeekFiguresFailure extends Command<readonly string[]> {
  constructor(
    readonly input: { readonly userId: string; readonly agentNumber: string; readonly week: string; readonly reason: string },
    readonly context: CommandContext,
  ) {
    super();
  }
}

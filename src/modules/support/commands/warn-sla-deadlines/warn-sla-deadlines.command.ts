import { Command } from '@nestjs/cqrs';

import type { CommandContext } from '../../../../platform/event-store/new-event.js';

/** The periodic sweep: every help request whose next SLA deadline's warning time came is warned of once. */
export class WarnSlaDeadlines extends Command<{ warned: number }> {
  constructor(
    readonly input: Record<string, never>,
    readonly context: CommandContext,
  ) {
    super();
  }
}

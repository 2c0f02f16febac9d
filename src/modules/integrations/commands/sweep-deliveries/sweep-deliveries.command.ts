import { Command } from '@nestjs/cqrs';

import type { CommandContext } from '../../../../platform/event-store/new-event.js';

/** Gives overdue deliveries (their job lost) their attempt again. */
export class SweepDeliveries extends Command<number> {
  constructor(
    readonly input: Record<string, never>,
    readonly context: CommandContext,
  ) {
    super();
  }
}

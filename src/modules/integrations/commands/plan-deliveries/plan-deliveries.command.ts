import { Command } from '@nestjs/cqrs';

import type { JsonEvent } from '../../../../platform/event-store/json-event.js';
import type { CommandContext } from '../../../../platform/event-store/new-event.js';

/** Plans the deliveries of leads that reached agents (stored arrival events), and sends their first attempts. */
export class PlanDeliveries extends Command<number> {
  constructor(
    readonly input: { readonly events: readonly JsonEvent[] },
    readonly context: CommandContext,
  ) {
    super();
  }
}

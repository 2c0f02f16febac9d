import { Command } from '@nestjs/cqrs';

import type { CommandContext } from '../../../../platform/event-store/new-event.js';

/** Data leads no campaign bought become aged leads (tier basic) after `afterDays`; answers how many were added (a periodic job). */
export class AgeUnsoldLeads extends Command<number> {
  constructor(
    readonly input: { readonly afterDays: number },
    readonly context: CommandContext,
    readonly idempotencyKey?: string,
  ) {
    super();
  }
}

import { Command } from '@nestjs/cqrs';

import type { CommandContext } from '../../../../platform/event-store/new-event.js';

/**
 * An admin denies a return, with a reason the agent sees.
 */
export class DenyLeadReturn extends Command<void> {
  constructor(
    readonly input: { readonly returnId: string; readonly reviewerId: string; readonly reason: string },
    readonly context: CommandContext,
    readonly idempotencyKey: string,
  ) {
    super();
  }
}

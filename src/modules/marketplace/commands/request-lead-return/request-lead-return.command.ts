import { Command } from '@nestjs/cqrs';

import type { CommandContext } from '../../../../platform/event-store/new-event.js';

/**
 * An agent asks to return one of their leads, with a reason from the list and a comment, within
 * the return window; an admin then approves or denies it. Aged leads are sold as they are.
 */
export class RequestLeadReturn extends Command<void> {
  constructor(
    readonly input: {
      readonly leadId: string;
      readonly returnId: string;
      readonly ownerId: string;
      readonly reason: string;
      readonly comment: string;
    },
    readonly context: CommandContext,
    readonly idempotencyKey: string,
  ) {
    super();
  }
}

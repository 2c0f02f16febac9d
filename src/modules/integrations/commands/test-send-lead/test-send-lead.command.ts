import { Command } from '@nestjs/cqrs';

import type { CommandContext } from '../../../../platform/event-store/new-event.js';
import type { AttemptResult } from '../../delivery/delivery-sender.js';

/** The agent sends a sample lead to one of their integrations now, and learns what it answered. */
export class TestSendLead extends Command<AttemptResult & { sentAt: string }> {
  constructor(
    readonly input: { readonly integrationId: string },
    readonly context: CommandContext,
  ) {
    super();
  }
}

import { Command } from '@nestjs/cqrs';

import type { CommandContext } from '../../../../platform/event-store/new-event.js';

/**
 * The owner resumes a paused campaign: it buys leads again.
 */
export class ResumeCampaign extends Command<void> {
  constructor(
    readonly input: { readonly campaignId: string; readonly ownerId: string },
    readonly context: CommandContext,
    readonly idempotencyKey: string,
  ) {
    super();
  }
}

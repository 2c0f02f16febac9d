import { Command } from '@nestjs/cqrs';

import type { CommandContext } from '../../../../platform/event-store/new-event.js';

/**
 * The owner pauses a running campaign: it buys no leads until resumed. Answers whether this
 * command paused it (false when it was paused already).
 */
export class PauseCampaign extends Command<{ readonly paused: boolean }> {
  constructor(
    readonly input: { readonly campaignId: string; readonly ownerId: string },
    readonly context: CommandContext,
    readonly idempotencyKey: string,
  ) {
    super();
  }
}

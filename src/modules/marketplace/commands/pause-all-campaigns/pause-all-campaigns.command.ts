import { Command } from '@nestjs/cqrs';

import type { CommandContext } from '../../../../platform/event-store/new-event.js';

/**
 * Pause All on /campaigns: each of the owner's running campaigns is paused by its own
 * PauseCampaign on its own stream (pausing one that is already paused stores nothing), so a
 * retry after a partial failure finishes the rest. Answers how many were paused.
 */
export class PauseAllCampaigns extends Command<{ paused: number }> {
  constructor(
    readonly input: { readonly ownerId: string },
    readonly context: CommandContext,
    readonly idempotencyKey: string,
  ) {
    super();
  }
}

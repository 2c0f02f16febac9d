import { Command } from '@nestjs/cqrs';

import type { CommandContext } from '../../../../platform/event-store/new-event.js';

/**
 * A process step records the wallet's answer to a new campaign's hold: funded (the campaign
 * runs) or refused in the wallet's words (it never runs).
 */
export class RecordCampaignFunding extends Command<void> {
  constructor(
    readonly input: { readonly campaignId: string; readonly outcome: { funded: true } | { funded: false; reason: string } },
    readonly context: CommandContext,
    readonly idempotencyKey: string,
  ) {
    super();
  }
}

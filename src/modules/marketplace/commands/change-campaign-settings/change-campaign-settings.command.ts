import { Command } from '@nestjs/cqrs';

import type { CommandContext } from '../../../../platform/event-store/new-event.js';
import type { Targeting } from '../../contracts/campaign-events.js';
import type { TargetingRequest } from '../../services/campaign-requests.js';

export type ChangeCampaignSettingsAnswer = { readonly campaignId: string; readonly name: string; readonly targeting: Targeting };

/**
 * The owner renames a campaign and sets its targeting (states, caps, a weekly schedule, a
 * round-robin group of theirs), in the organisation's time zone. Answers the settings kept.
 */
export class ChangeCampaignSettings extends Command<ChangeCampaignSettingsAnswer> {
  constructor(
    readonly input: { readonly campaignId: string; readonly ownerId: string; readonly name: string; readonly targeting: TargetingRequest },
    readonly context: CommandContext,
    readonly idempotencyKey: string,
  ) {
    super();
  }
}

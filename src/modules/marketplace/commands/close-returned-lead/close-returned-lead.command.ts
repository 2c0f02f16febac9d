import { Command } from '@nestjs/cqrs';

import type { CommandContext } from '../../../../platform/event-store/new-event.js';

/** The approved return (its LeadReturnApproved data). */
export type CloseReturnedLeadInput = { readonly leadId: string; readonly ownerId: string; readonly returnId: string };

/** A lead whose return was approved is closed for assignment, and its assignee (if any) loses it (started from the stored approval). */
export class CloseReturnedLead extends Command<void> {
  constructor(
    readonly input: CloseReturnedLeadInput,
    readonly context: CommandContext,
    readonly idempotencyKey?: string,
  ) {
    super();
  }
}

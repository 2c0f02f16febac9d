import { Command } from '@nestjs/cqrs';

import type { CommandContext } from '../../../../platform/event-store/new-event.js';
import type { Assignment } from '../../services/lead-assignments.js';

/** A lead a campaign bought (its stored LeadSold), with the context its assignment is recorded in: caused by that sale. */
export type RoundRobinSale = {
  readonly leadId: string;
  readonly ownerId: string;
  readonly campaignId: string;
  readonly context: CommandContext;
};

/** Each lead a campaign bought goes to the next member of the campaign's round-robin group, if it has one (started from the stored LeadSold events). */
export class AssignLeadsRoundRobin extends Command<Assignment[]> {
  constructor(
    readonly input: { readonly sales: readonly RoundRobinSale[] },
    readonly context: CommandContext,
    readonly idempotencyKey?: string,
  ) {
    super();
  }
}

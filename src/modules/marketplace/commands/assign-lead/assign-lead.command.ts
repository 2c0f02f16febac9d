import { Command } from '@nestjs/cqrs';

import type { CommandContext } from '../../../../platform/event-store/new-event.js';
import type { Assignment } from '../../services/lead-assignments.js';

export type AssignLeadInput = {
  readonly ownerId: string;
  readonly leadId: string;
  /** A member of one of the owner's groups, or null to take the lead back. */
  readonly assigneeId: string | null;
};

/** An owner gives one of their leads to a member of one of their groups, or takes it back (assigneeId null). */
export class AssignLead extends Command<Assignment> {
  constructor(
    readonly input: AssignLeadInput,
    readonly context: CommandContext,
    readonly idempotencyKey?: string,
  ) {
    super();
  }
}

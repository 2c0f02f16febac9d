import { Command, CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import type { JsonEvent } from '../../../../platform/event-store/json-event.js';
import { stepFrom } from '../../../../platform/processes/process-step.js';
import { CreditLeadReturn } from '../../../wallet/contracts/wallet-commands.js';
import type { LeadEvent } from '../../contracts/lead-events.js';

export type LeadReturnApprovedEvent = JsonEvent & Extract<LeadEvent, { type: 'LeadReturnApproved' }>;

/** The wallet's side of an approved return: the lead's price back to the buyer, once (keyed by the approval). */
export class CreditApprovedReturn extends Command<void> {
  constructor(readonly approved: LeadReturnApprovedEvent) {
    super();
  }
}

@CommandHandler(CreditApprovedReturn)
export class CreditApprovedReturnHandler implements ICommandHandler<CreditApprovedReturn, void> {
  constructor(private readonly commands: CommandBus) {}

  async execute({ approved }: CreditApprovedReturn): Promise<void> {
    const { leadId, returnId, ownerId, priceCents } = approved.data;
    const { context, idempotencyKey } = stepFrom(approved, { type: 'system', id: 'lead-returns' });
    await this.commands.execute(new CreditLeadReturn({ userId: ownerId, returnId, leadId, amountCents: priceCents }, context, idempotencyKey));
  }
}

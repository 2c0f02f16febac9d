import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import { LeadDeliveries, type AttemptResult } from '../../delivery/lead-deliveries.js';
import { TestSendLead } from './test-send-lead.command.js';

/** The agent sends a sample lead to one of their integrations now, and learns what it answered. */
@CommandHandler(TestSendLead)
export class TestSendLeadHandler implements ICommandHandler<TestSendLead, AttemptResult & { sentAt: string }> {
  constructor(private readonly deliveries: LeadDeliveries) {}

  execute({ input, context }: TestSendLead): Promise<AttemptResult & { sentAt: string }> {
    return this.deliveries.testSend(context.actor.id, input.integrationId);
  }
}

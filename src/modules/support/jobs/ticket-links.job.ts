import type { CommandBus } from '@nestjs/cqrs';

import type { RecordedEvent } from '../../../platform/event-store/event-store.port.js';
import type { JsonEvent } from '../../../platform/event-store/json-event.js';
import type { JobTrigger } from '../../../platform/jobs/event-job-dispatcher.js';
import type { JobQueue } from '../../../platform/jobs/job-queue.port.js';
import { stepFrom } from '../../../platform/processes/process-step.js';
import { RETURN_REASONS, type LeadEvent } from '../../marketplace/contracts/lead-events.js';
import type { WalletEvent } from '../../wallet/contracts/wallet-events.js';
import { LinkTicketAction } from '../commands/link-ticket-action/link-ticket-action.command.js';
import type { LinkedLeadReturn, LinkedRefund } from '../domain/ticket.decider.js';

export const LINK_LEAD_RETURN = 'link-lead-return-to-ticket';
export const LINK_REFUND = 'link-refund-to-ticket';

type ReturnEvent = JsonEvent & Extract<LeadEvent, { type: 'LeadReturnRequested' | 'LeadReturnApproved' | 'LeadReturnDenied' }>;
type RefundEvent = JsonEvent & Extract<WalletEvent, { type: 'BalanceAdjusted' }>;

const STEPS = { LeadReturnRequested: 'requested', LeadReturnApproved: 'approved', LeadReturnDenied: 'denied' } as const;
const LINK_RETRIES = { attempts: 10, backoffMs: 1_000 };

/**
 * What is started from a help request is recorded on the request: each step of a lead return
 * that names it (started, approved, denied), and each refund given from it.
 */
export const ticketLinkTriggers: readonly JobTrigger[] = [
  ...Object.keys(STEPS).map((eventType) => ({
    eventType,
    job: LINK_LEAD_RETURN,
    options: LINK_RETRIES,
    when: (event: RecordedEvent) => typeof (event.data as { ticketId?: unknown } | null)?.ticketId === 'string',
  })),
  {
    eventType: 'BalanceAdjusted',
    job: LINK_REFUND,
    options: LINK_RETRIES,
    when: (event: RecordedEvent) => typeof (event.data as { refundOf?: { ticketId?: unknown } } | null)?.refundOf?.ticketId === 'string',
  },
];

function returnStep(event: ReturnEvent): LinkedLeadReturn {
  const { data } = event;
  return {
    kind: 'lead-return',
    step: STEPS[event.type],
    returnId: data.returnId,
    leadId: data.leadId,
    priceCents: event.type === 'LeadReturnDenied' ? null : event.data.priceCents,
    reason: event.type === 'LeadReturnRequested' ? RETURN_REASONS[event.data.reason] : event.type === 'LeadReturnDenied' ? event.data.reason : null,
    byId: event.metadata.actor.id,
    at: event.metadata.occurredAt,
  };
}

function refund(event: RefundEvent): LinkedRefund {
  const { data } = event;
  return {
    kind: 'refund',
    adjustmentId: data.adjustmentId,
    entrySeq: data.refundOf!.entrySeq,
    amountCents: data.amountCents,
    reason: data.reason,
    byId: event.metadata.actor.id,
    at: event.metadata.occurredAt,
  };
}

export function registerTicketLinkJobs(jobs: JobQueue, commands: CommandBus): void {
  // Each step is the admin's (or the agent's): the request's timeline names who took it.
  jobs.register<{ event: ReturnEvent }>(LINK_LEAD_RETURN, ({ event }) => {
    const step = stepFrom(event);
    return commands.execute(new LinkTicketAction({ ticketId: event.data.ticketId!, action: returnStep(event) }, step.context, step.idempotencyKey));
  });
  jobs.register<{ event: RefundEvent }>(LINK_REFUND, ({ event }) => {
    const step = stepFrom(event);
    return commands.execute(new LinkTicketAction({ ticketId: event.data.refundOf!.ticketId, action: refund(event) }, step.context, step.idempotencyKey));
  });
}

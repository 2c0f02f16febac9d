import type { CommandBus } from '@nestjs/cqrs';

import type { JsonEvent } from '../../../platform/event-store/json-event.js';
import type { JobTrigger } from '../../../platform/jobs/event-job-dispatcher.js';
import type { JobQueue } from '../../../platform/jobs/job-queue.port.js';
import { stepFrom } from '../../../platform/processes/process-step.js';
import { RETURN_REASONS, type LeadEvent } from '../../marketplace/contracts/lead-events.js';
import { LinkTicketAction } from '../commands/link-ticket-action/link-ticket-action.command.js';
import type { LinkedAction } from '../domain/ticket.decider.js';

export const LINK_LEAD_RETURN = 'link-lead-return-to-ticket';

type ReturnEvent = JsonEvent & Extract<LeadEvent, { type: 'LeadReturnRequested' | 'LeadReturnApproved' | 'LeadReturnDenied' }>;

const STEPS = { LeadReturnRequested: 'requested', LeadReturnApproved: 'approved', LeadReturnDenied: 'denied' } as const;

/** A lead return started from a help request (it names the request) is recorded on the request at each step: started, approved, denied. */
export const ticketLinkTriggers: readonly JobTrigger[] = Object.keys(STEPS).map((eventType) => ({
  eventType,
  job: LINK_LEAD_RETURN,
  options: { attempts: 10, backoffMs: 1_000 },
  when: (event) => typeof (event.data as { ticketId?: unknown } | null)?.ticketId === 'string',
}));

function actionOf(event: ReturnEvent): LinkedAction {
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

export function registerTicketLinkJobs(jobs: JobQueue, commands: CommandBus): void {
  jobs.register<{ event: ReturnEvent }>(LINK_LEAD_RETURN, ({ event }) => {
    // The step is the admin's (or the agent's): the request's timeline names who took it.
    const step = stepFrom(event);
    return commands.execute(new LinkTicketAction({ ticketId: event.data.ticketId!, action: actionOf(event) }, step.context, step.idempotencyKey));
  });
}

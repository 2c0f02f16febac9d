import type { CommandContext } from '../../../platform/event-store/new-event.js';
import type { JobTrigger } from '../../../platform/jobs/event-job-dispatcher.js';
import type { JobQueue } from '../../../platform/jobs/job-queue.port.js';
import { EvaluateSecurityEvent, type EvaluateSecurityEventInput } from '../commands/evaluate-security-event/evaluate-security-event.command.js';
import type { SecurityEventRecorded } from '../contracts/security-events.js';

export const EVALUATE_SECURITY_EVENT = 'evaluate-security-event';

export const evaluateSecurityEventTriggers: readonly JobTrigger[] = [
  {
    eventType: 'SecurityEventRecorded',
    job: EVALUATE_SECURITY_EVENT,
    data: (event) => ({
      ...(event.data as SecurityEventRecorded['data']),
      eventId: event.metadata.eventId,
      occurredAt: event.metadata.occurredAt,
      correlationId: event.metadata.correlationId,
    }),
  },
];

/** The evaluation acts as this job, caused by the security event (its correlation, its id as causation). */
export const evaluationContext = (input: EvaluateSecurityEventInput, now = new Date()): CommandContext => ({
  actor: { type: 'system', id: EVALUATE_SECURITY_EVENT },
  correlationId: input.correlationId,
  causationId: input.eventId,
  now,
});

/** `commands` is the CommandBus (or, in the benchmark, the handler itself). */
export function registerEvaluateSecurityEventJob(jobs: JobQueue, commands: { execute(command: EvaluateSecurityEvent): Promise<unknown> }): void {
  jobs.register<EvaluateSecurityEventInput>(EVALUATE_SECURITY_EVENT, async (input) => {
    await commands.execute(new EvaluateSecurityEvent(input, evaluationContext(input)));
  });
}

import type { JobQueue } from '../../../platform/jobs/job-queue.port.js';
import type { LeadSender, LeadSenderDependencies } from '../delivery/lead-sender.js';

/** Each provider's sender, by provider id (the provider clients are added here as they are written). */
export function leadSenders(deps: LeadSenderDependencies & { readonly jobs: JobQueue }): ReadonlyMap<string, LeadSender> {
  void deps;
  return new Map();
}

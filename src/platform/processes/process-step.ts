import type { Actor, RecordedEvent } from '../event-store/event-store.port.js';
import { causedBy } from '../event-store/new-event.js';

/** Many jobs may meet on one stream (a popular code, a shared campaign): they take turns rather than fail. */
export const STEP_CONFLICT_RETRIES = 20;

/**
 * The handleCommand options of a process step started by a stored event: caused by it (same
 * correlation id), event ids derived from its id, so a job that runs twice stores nothing
 * twice. Acts for whoever caused the event unless told otherwise.
 */
export function stepFrom(event: Pick<RecordedEvent, 'metadata'>, actor: Actor = event.metadata.actor) {
  return { context: causedBy(event, actor), idempotencyKey: event.metadata.eventId, conflictRetries: STEP_CONFLICT_RETRIES } as const;
}

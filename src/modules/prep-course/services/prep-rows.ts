import { newEvent, type CommandContext } from '../../../platform/event-store/new-event.js';
import { recordInOutbox } from '../../../platform/event-store/outbox.js';
import type { SqlClient } from '../../../platform/persistence/sql.js';
import { prepRegistrationStream, prepSessionStream, type PrepCourseEvent, type PrepRegistrationSubmitted } from '../contracts/prep-course.events.js';

/** Records one prep-course event through the outbox, in the caller's transaction (the one that changed the rows); answers its event id. */
export async function recordPrepEvent<TEvent extends PrepCourseEvent>(
  tx: SqlClient,
  type: TEvent['type'],
  data: TEvent['data'],
  context: CommandContext,
): Promise<string> {
  const event = newEvent(type, data, context);
  const stream =
    type === 'PrepRegistrationSubmitted'
      ? prepRegistrationStream((data as PrepRegistrationSubmitted['data']).registrationId)
      : prepSessionStream(data.sessionId);
  await recordInOutbox(tx, stream, [event]);
  return event.metadata.eventId;
}

import { newEvent, type CommandContext } from '../../../platform/event-store/new-event.js';
import { recordAllInOutbox } from '../../../platform/event-store/outbox.js';
import type { SqlClient } from '../../../platform/persistence/sql.js';
import {
  prepRegistrationRequestStream,
  prepRegistrationStream,
  prepSessionStream,
  type PrepCourseEvent,
  type PrepRegistrationRequested,
  type PrepRegistrationSubmitted,
} from '../contracts/prep-course.events.js';

/** Records one prep-course event through the outbox, in the caller's transaction (the one that changed the rows); answers its event id. */
export async function recordPrepEvent<TEvent extends PrepCourseEvent>(
  tx: SqlClient,
  type: TEvent['type'],
  data: TEvent['data'],
  context: CommandContext,
): Promise<string> {
  const [eventId] = await recordPrepEvents<TEvent>(tx, type, [data], context);
  return eventId!;
}

/** Records one event of a type for each of several sessions or registrations, each on its own stream, in one outbox insert; answers their event ids. */
export async function recordPrepEvents<TEvent extends PrepCourseEvent>(
  tx: SqlClient,
  type: TEvent['type'],
  data: readonly TEvent['data'][],
  context: CommandContext,
): Promise<string[]> {
  const streams = data.map((one) => ({
    streamId:
      type === 'PrepRegistrationSubmitted'
        ? prepRegistrationStream((one as PrepRegistrationSubmitted['data']).registrationId)
        : type === 'PrepRegistrationRequested'
          ? prepRegistrationRequestStream((one as PrepRegistrationRequested['data']).requestId)
          : prepSessionStream(one.sessionId),
    events: [newEvent(type, one, context)],
  }));
  await recordAllInOutbox(tx, streams);
  return streams.map(({ events }) => events[0]!.metadata.eventId);
}

import type { RecordedEvent } from './event-store.port.js';

/** A stored event as plain JSON (bigints as strings), for job payloads and APIs. */
export type JsonEvent = {
  readonly streamId: string;
  readonly streamVersion: string;
  readonly position: { readonly commit: string; readonly prepare: string };
  readonly recordedAt: string;
  readonly type: string;
  readonly data: unknown;
  readonly metadata: RecordedEvent['metadata'];
};

export function toJsonEvent(event: RecordedEvent): JsonEvent {
  return {
    streamId: event.streamId,
    streamVersion: event.streamVersion.toString(),
    position: { commit: event.position.commit.toString(), prepare: event.position.prepare.toString() },
    recordedAt: event.recordedAt,
    type: event.type,
    data: event.data,
    metadata: event.metadata,
  };
}

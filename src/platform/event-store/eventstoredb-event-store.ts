import { EventEmitter } from 'node:events';
import {
  ANY,
  BACKWARDS,
  END,
  START as ESDB_START,
  EventStoreDBClient,
  excludeSystemEvents,
  FORWARDS,
  jsonEvent,
  NO_STREAM,
  STREAM_EXISTS,
  StreamNotFoundError,
  WrongExpectedVersionError,
  type AllStreamSubscription,
  type AppendExpectedRevision,
  type JSONRecordedEvent,
  type ResolvedEvent,
} from '@eventstore/db-client';

import {
  comparePositions,
  START,
  VersionConflictError,
  type AllPosition,
  type AppendResult,
  type EventMetadata,
  type EventStore,
  type ExpectedVersion,
  type NewEvent,
  type ReadAllOptions,
  type ReadStreamOptions,
  type RecordedEvent,
} from './event-store.port.js';

type StoredMetadata = Omit<EventMetadata, 'eventId'>;

const READ_ALL_PAGE = 500;

/**
 * The event store on EventStoreDB/KurrentDB. Stream versions count from 1 here and
 * revisions from 0 there: version = revision + 1. $all is read without system events.
 */
export class EventStoreDbEventStore implements EventStore {
  readonly kind = 'eventstoredb' as const;
  private readonly client: EventStoreDBClient;
  private readonly appended = new EventEmitter().setMaxListeners(0);
  private subscription: AllStreamSubscription | null = null;

  constructor(connectionString: string) {
    this.client = EventStoreDBClient.connectionString(connectionString);
  }

  async append(streamId: string, events: readonly NewEvent[], options: { expectedVersion: ExpectedVersion }): Promise<AppendResult> {
    if (events.length === 0) throw new Error('append needs at least one event');
    // EventStoreDB accepts a repeated batch silently; tell the caller it was a repeat.
    const tail = await this.readTail(streamId, events.length);
    const ids = events.map((e) => e.metadata.eventId);
    if (tail.length === ids.length && tail.every((e, i) => e.metadata.eventId === ids[i])) {
      return { nextExpectedVersion: tail[tail.length - 1]!.streamVersion, duplicate: true };
    }
    try {
      const result = await this.client.appendToStream(
        streamId,
        events.map((event) => {
          const { eventId, ...metadata } = event.metadata;
          return jsonEvent({ id: eventId, type: event.type, data: event.data as Record<string, unknown>, metadata });
        }),
        { expectedRevision: toExpectedRevision(options.expectedVersion) },
      );
      this.appended.emit('appended');
      return { nextExpectedVersion: result.nextExpectedRevision + 1n, duplicate: false };
    } catch (error) {
      if (error instanceof WrongExpectedVersionError) {
        const actual = typeof error.actualVersion === 'bigint' ? error.actualVersion + 1n : 0n;
        throw new VersionConflictError(streamId, options.expectedVersion, actual);
      }
      throw error;
    }
  }

  async readStream(streamId: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    const after = options.afterVersion ?? 0n;
    const result: RecordedEvent[] = [];
    try {
      // Version v is revision v - 1: events after version `after` start at revision `after`.
      for await (const resolved of this.client.readStream(streamId, {
        direction: FORWARDS,
        fromRevision: after === 0n ? ESDB_START : after,
        maxCount: options.maxCount ?? Number.MAX_SAFE_INTEGER,
      })) {
        if (resolved.event) result.push(toRecorded(resolved));
      }
    } catch (error) {
      if (error instanceof StreamNotFoundError) return [];
      throw error;
    }
    return result;
  }

  async readAll(options: ReadAllOptions): Promise<RecordedEvent[]> {
    const result: RecordedEvent[] = [];
    let floor: AllPosition = options.after;
    // Reading from a position includes the event at it, and system events are skipped, so
    // read on page by page until the batch is full or $all ends.
    for (;;) {
      const from = floor.commit === 0n && floor.prepare === 0n ? ESDB_START : floor;
      let seen = 0;
      let last: AllPosition | null = null;
      for await (const resolved of this.client.readAll({ direction: FORWARDS, fromPosition: from, maxCount: READ_ALL_PAGE })) {
        seen++;
        const position = resolved.event?.position;
        if (!resolved.event || !position) continue;
        last = { commit: position.commit, prepare: position.prepare };
        if (comparePositions(last, floor) <= 0 || isSystemEvent(resolved)) continue;
        result.push(toRecorded(resolved));
        if (result.length === options.maxCount) return result;
      }
      if (seen < READ_ALL_PAGE || !last || comparePositions(last, floor) <= 0) return result;
      floor = last;
    }
  }

  async headPosition(): Promise<AllPosition> {
    for await (const resolved of this.client.readAll({ direction: BACKWARDS, fromPosition: END, maxCount: 100 })) {
      if (resolved.event && !isSystemEvent(resolved)) return toRecorded(resolved).position;
    }
    return START;
  }

  onAppended(listener: () => void): () => void {
    this.appended.on('appended', listener);
    this.ensureSubscription();
    return () => this.appended.off('appended', listener);
  }

  async ping(): Promise<void> {
    for await (const _ of this.client.readAll({ direction: BACKWARDS, fromPosition: END, maxCount: 1 })) break;
  }

  async close(): Promise<void> {
    this.appended.removeAllListeners();
    await this.subscription?.unsubscribe().catch(() => {});
    await this.client.dispose();
  }

  /** Appends from other processes arrive as hints through a live subscription to $all. */
  private ensureSubscription(): void {
    if (this.subscription) return;
    this.subscription = this.client.subscribeToAll({ fromPosition: END, filter: excludeSystemEvents() });
    this.subscription.on('data', () => this.appended.emit('appended'));
    this.subscription.on('error', () => {
      this.subscription = null; // the next onAppended, or the runner's polling, carries on
    });
  }

  private async readTail(streamId: string, count: number): Promise<RecordedEvent[]> {
    const tail: RecordedEvent[] = [];
    try {
      for await (const resolved of this.client.readStream(streamId, { direction: BACKWARDS, fromRevision: END, maxCount: count })) {
        if (resolved.event) tail.unshift(toRecorded(resolved));
      }
    } catch (error) {
      if (error instanceof StreamNotFoundError) return [];
      throw error;
    }
    return tail;
  }
}

function toExpectedRevision(expected: ExpectedVersion): AppendExpectedRevision {
  switch (expected) {
    case 'any':
      return ANY;
    case 'no_stream':
      return NO_STREAM;
    case 'stream_exists':
      return STREAM_EXISTS;
    default:
      return expected === 0n ? NO_STREAM : expected - 1n;
  }
}

const isSystemEvent = (resolved: ResolvedEvent) => Boolean(resolved.event?.type.startsWith('$') || resolved.event?.streamId.startsWith('$'));

function toRecorded(resolved: ResolvedEvent): RecordedEvent {
  const event = resolved.event as JSONRecordedEvent;
  const metadata = (event.metadata ?? {}) as StoredMetadata;
  return {
    streamId: event.streamId,
    streamVersion: event.revision + 1n,
    // Stream reads may leave the position out; $all reads, which carry positions onward, always have it.
    position: event.position ? { commit: event.position.commit, prepare: event.position.prepare } : START,
    recordedAt: event.created instanceof Date ? event.created.toISOString() : new Date(Number(event.created) / 10_000).toISOString(),
    type: event.type,
    data: event.data,
    metadata: { ...metadata, eventId: event.id },
  };
}

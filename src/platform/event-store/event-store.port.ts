/** Who caused an event: a signed-in user, the system itself (a job), or an operator at the command line (OS user@host). */
/** Who sent a command: a signed-in user, the system (a job, a process step), an operator's CLI, or nobody yet (before sign-in). */
export type Actor = { readonly type: 'user' | 'system' | 'operator' | 'anonymous'; readonly id: string };

/** Carried by every stored event; audit views read it. */
export type EventMetadata = {
  readonly eventId: string;
  readonly occurredAt: string;
  readonly actor: Actor;
  readonly correlationId: string;
  readonly causationId: string | null;
};

export type NewEvent<TType extends string = string, TData = unknown> = {
  readonly type: TType;
  readonly data: TData;
  readonly metadata: EventMetadata;
};

/** A place in the global order of all events: (commit, prepare) as EventStoreDB names it. */
export type AllPosition = { readonly commit: bigint; readonly prepare: bigint };

export const START: AllPosition = Object.freeze({ commit: 0n, prepare: 0n });

export type RecordedEvent<TType extends string = string, TData = unknown> = NewEvent<TType, TData> & {
  readonly streamId: string;
  /** 1 for the first event of a stream. */
  readonly streamVersion: bigint;
  readonly position: AllPosition;
  readonly recordedAt: string;
};

/** The stream's current version (its event count), or one of the symbolic expectations. */
export type ExpectedVersion = bigint | 'any' | 'no_stream' | 'stream_exists';

export type AppendResult = {
  /** The version the stream has after this append: pass it as the next expected version. */
  readonly nextExpectedVersion: bigint;
  /** True when every event of the batch was already stored (an idempotent retry). */
  readonly duplicate: boolean;
};

export type AppendEachEntry = { readonly streamId: string; readonly events: readonly NewEvent[]; readonly expectedVersion: ExpectedVersion };
export type AppendEachOutcome = {
  readonly outcome: 'ok' | 'duplicate' | 'conflict' | 'event_id_taken';
  /** After 'ok' or 'duplicate', the stream's version after these events; after 'conflict', its version now. */
  readonly streamVersion: bigint;
};

export class VersionConflictError extends Error {
  constructor(
    readonly streamId: string,
    readonly expected: ExpectedVersion,
    readonly actual: bigint,
  ) {
    super(`Stream ${streamId} is at version ${actual}, expected ${String(expected)}`);
    this.name = 'VersionConflictError';
  }
}

/**
 * PostgreSQL adapter only: an event id is unique in the whole store there. EventStoreDB
 * recognises a repeated id within a stream (a retried batch) but not across streams.
 */
export class EventIdTakenError extends Error {
  constructor(readonly streamId: string) {
    super(`An event id of this batch is already stored in another stream or batch (stream ${streamId})`);
    this.name = 'EventIdTakenError';
  }
}

export type ReadStreamOptions = { readonly afterVersion?: bigint; readonly maxCount?: number };
export type ReadAllOptions = {
  readonly after: AllPosition;
  readonly maxCount: number;
  /**
   * When nothing can be read yet because events already appended are held back by an older
   * transaction still running (PostgreSQL's global order, see readAll), wait up to this long for
   * them instead of answering none: a catch-up then includes every event appended before it.
   */
  readonly waitWhileHeldBackMs?: number;
};

export type EventStore = {
  readonly kind: 'postgres' | 'eventstoredb';
  append(streamId: string, events: readonly NewEvent[], options: { expectedVersion: ExpectedVersion }): Promise<AppendResult>;
  /**
   * Optional: appends each entry in turn to its stream (any version), all in one transaction,
   * so they take the global order given. Events already stored (the same ids in the same
   * stream) are passed over; an id stored elsewhere throws EventIdTakenError and stores none.
   */
  appendInOrder?(entries: readonly { readonly streamId: string; readonly events: readonly NewEvent[] }[]): Promise<void>;
  /**
   * Optional: appends to several streams, each with its own expected version, in one
   * transaction (one commit), for many independent decisions at once (a bonus run's credits).
   * Each entry's outcome is its own: a conflict or an id taken stores nothing for that stream
   * and the others are stored. An error throws and stores none. Streams must differ.
   */
  appendEach?(entries: readonly AppendEachEntry[]): Promise<AppendEachOutcome[]>;
  readStream(streamId: string, options?: ReadStreamOptions): Promise<RecordedEvent[]>;
  /**
   * Events after `after` in global order. Never skips an event committed later than one
   * already returned: a reader that resumes from the last position it saw misses nothing.
   * A read that returns fewer than `maxCount` had everything visible: whatever it could not
   * see yet (appended later, or held back by an older transaction) is hinted by `onAppended`.
   */
  readAll(options: ReadAllOptions): Promise<RecordedEvent[]>;
  /**
   * Optional: whether an event of one of `types` lies after `after` and before `before` in the
   * global order, without reading the events between; null while events that would come
   * before `before` may still be held back by a transaction running on the server.
   */
  anyOfTypesBetween?(types: readonly string[], after: AllPosition, before: AllPosition): Promise<boolean | null>;
  /** The position of the newest event a reader can see now (START when empty). */
  headPosition(): Promise<AllPosition>;
  /** Calls `listener` (a hint, no payload) when events may have been appended. Returns an unsubscribe. */
  onAppended(listener: () => void): () => void;
  /**
   * Like `onAppended`, but only for what other processes announce (their appends, outbox
   * writes) where the store hears them; without it, `onAppended` serves.
   */
  onAnnounced?(listener: () => void): () => void;
  ping(): Promise<void>;
  close(): Promise<void>;
};

export function comparePositions(a: AllPosition, b: AllPosition): number {
  if (a.commit !== b.commit) return a.commit < b.commit ? -1 : 1;
  if (a.prepare !== b.prepare) return a.prepare < b.prepare ? -1 : 1;
  return 0;
}

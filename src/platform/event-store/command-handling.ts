import { EventEmitter } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import { LRUCache } from 'lru-cache';
import pLimit from 'p-limit';

import type { Decider, DomainEvent } from '../domain/decider.js';
import { ConcurrentChange } from '../http/api-error.js';
import { deterministicUuid } from '../ids/deterministic-uuid.js';
import { EventIdTakenError, VersionConflictError, type EventStore, type NewEvent } from './event-store.port.js';
import { KeyedTurns } from './keyed-turns.js';
import { newEvent, type CommandContext } from './new-event.js';
import type { SnapshotPolicy } from './snapshots.js';

const streamTurns = new KeyedTurns();
const appendedHere = new EventEmitter().setMaxListeners(0);

type Known = { readonly state: unknown; readonly version: bigint; readonly snapshotVersion: bigint };
/**
 * The state each stream had after this process's last command on it, per decider. A command
 * decides on it without reading the stream; the append's expected version then proves it
 * current (another process's append makes it conflict, and the command decides again on a
 * fresh read). A refusal or a no-op decided on it is never trusted: it is decided again on a
 * fresh read, since no append checked it.
 */
const knownStates = new WeakMap<EventStore, WeakMap<object, LRUCache<string, Known>>>();
const KNOWN_STREAMS_PER_DECIDER = 5_000;

function knownOf(store: EventStore, decider: object): LRUCache<string, Known> {
  let byDecider = knownStates.get(store);
  if (!byDecider) knownStates.set(store, (byDecider = new WeakMap()));
  let known = byDecider.get(decider);
  if (!known) byDecider.set(decider, (known = new LRUCache<string, Known>({ max: KNOWN_STREAMS_PER_DECIDER })));
  return known;
}

/** Calls `listener` when a command in this process has appended to `streamId`. Returns an unsubscribe. */
export function onCommandAppended(streamId: string, listener: () => void): () => void {
  appendedHere.on(streamId, listener);
  return () => appendedHere.off(streamId, listener);
}

export const MAX_CONFLICT_RETRIES = 3;
const RETRY_BACKOFF_CAP_MS = 50;

export type CommandResult<TState> = {
  /** The events this command stored (empty when the decider decided nothing, or on a replay). */
  readonly stored: readonly NewEvent[];
  readonly state: TState;
  readonly version: bigint;
};

/**
 * Loads the stream, folds it, decides, and appends with the version it read. Commands on one
 * stream take turns within this process, so they never conflict with each other; when a
 * writer in another process got there first it waits a moment, reads again and decides
 * again, a bounded number of times (`conflictRetries`); after that the caller gets
 * ConcurrentChange (409). With an idempotency key the event ids are derived from it, so a
 * repeated command stores nothing twice.
 */
export async function handleCommand<TCommand, TEvent extends DomainEvent, TState>(
  options: CommandOptions<TCommand, TEvent, TState>,
): Promise<CommandResult<TState>> {
  return streamTurns.run(options.streamId, () => decideAndAppend(options));
}

export type CommandOptions<TCommand, TEvent extends DomainEvent, TState> = {
  readonly store: EventStore;
  readonly streamId: string;
  readonly decider: Decider<TCommand, TEvent, TState>;
  readonly command: TCommand;
  readonly context: CommandContext;
  readonly idempotencyKey?: string;
  /** How often a conflict with another process is retried before the caller gets 409. */
  readonly conflictRetries?: number;
  /** Start from the stream's last snapshot instead of its first event (long-lived streams: wallets). */
  readonly snapshots?: SnapshotPolicy;
};

async function decideAndAppend<TCommand, TEvent extends DomainEvent, TState>(
  options: CommandOptions<TCommand, TEvent, TState>,
): Promise<CommandResult<TState>> {
  const { store, streamId, decider, command, context } = options;
  const retries = options.conflictRetries ?? MAX_CONFLICT_RETRIES;
  const known = knownOf(store, decider);
  const remember = (current: Known) => {
    known.set(streamId, current);
    return current;
  };
  for (let attempt = 0; ;) {
    const cached = known.get(streamId) as { state: TState; version: bigint; snapshotVersion: bigint } | undefined;
    known.delete(streamId); // kept again only once this attempt has proved it current
    const { state, version, snapshotVersion } = cached ?? (await currentState(options));
    let decided: readonly TEvent[];
    try {
      decided = decider.decide(command, state, context.now);
    } catch (error) {
      if (cached) continue; // refused on what this process last knew: decide again on the stream itself
      remember({ state, version, snapshotVersion });
      throw error;
    }
    if (decided.length === 0) {
      if (cached) continue;
      remember({ state, version, snapshotVersion });
      return { stored: [], state, version };
    }

    const events = decided.map((event, index) =>
      newEvent(event.type, event.data, context, options.idempotencyKey ? deterministicEventId(streamId, options.idempotencyKey, index) : undefined),
    );
    try {
      const result = await store.append(streamId, events, { expectedVersion: version === 0n ? 'no_stream' : version });
      if (result.duplicate) {
        const current = remember(await currentState(options));
        return { stored: [], state: current.state as TState, version: current.version };
      }
      appendedHere.emit(streamId);
      const next = decided.reduce(decider.evolve, state);
      const policy = options.snapshots;
      let nextSnapshotVersion = snapshotVersion;
      if (policy && result.nextExpectedVersion - snapshotVersion >= BigInt(policy.every)) {
        // Only the state these events were decided on plus them: exactly the fold up to this version.
        await policy.store.save(streamId, policy.name, result.nextExpectedVersion, next);
        nextSnapshotVersion = result.nextExpectedVersion;
      }
      remember({ state: next, version: result.nextExpectedVersion, snapshotVersion: nextSnapshotVersion });
      return { stored: events, state: next, version: result.nextExpectedVersion };
    } catch (error) {
      if (error instanceof EventIdTakenError && options.idempotencyKey && (await alreadyRan(store, streamId, events[0]!.metadata.eventId))) {
        // The same command ran before on a state that has changed since, so it decided a
        // different batch this time; its first event, derived from the key, says it ran.
        const current = remember(await currentState(options));
        return { stored: [], state: current.state as TState, version: current.version };
      }
      if (!(error instanceof VersionConflictError)) throw error;
      if (cached) continue; // another process wrote since this one last did: no retry spent on it
      if (attempt >= retries) throw new ConcurrentChange();
      // Full jitter: writers from several processes that met once do not meet again in step.
      await sleep(Math.random() * Math.min(RETRY_BACKOFF_CAP_MS, 2 ** attempt * 5));
      attempt += 1;
    }
  }
}

export type EachItem<TCommand> = { readonly streamId: string; readonly command: TCommand; readonly context: CommandContext; readonly idempotencyKey: string };

/** Streams read at once while a batch decides. */
const EACH_READS = 8;

/**
 * Many commands, each on a stream of its own (a bonus run's credits: one per wallet), decided
 * as handleCommand decides them but stored with one commit: each is decided on its stream's
 * state (what this process last knew of it, or a fresh read) and all are appended with their
 * expected versions in one `appendEach`. A stream that conflicted, whose events turned out
 * taken, or a store without `appendEach`, goes through handleCommand alone (which retries and
 * recognises a command that ran before). Event ids come from each idempotency key, so a batch
 * that runs again stores nothing twice. A refusal is the caller's to avoid: it throws.
 */
export async function handleEach<TCommand, TEvent extends DomainEvent, TState>(
  options: Omit<CommandOptions<TCommand, TEvent, TState>, 'streamId' | 'command' | 'context' | 'idempotencyKey'> & {
    readonly items: readonly EachItem<TCommand>[];
  },
): Promise<CommandResult<TState>[]> {
  const { store, decider, items } = options;
  const alone = (item: EachItem<TCommand>) => handleCommand({ ...options, ...item });
  if (!store.appendEach || items.length === 0) return Promise.all(items.map(alone));
  const known = knownOf(store, decider);
  const states = await pLimit(EACH_READS).map(
    items,
    async (item) =>
      (known.get(item.streamId) as { state: TState; version: bigint; snapshotVersion: bigint } | undefined) ??
      (await currentState({ ...options, streamId: item.streamId })),
  );
  // A refusal is decided again alone, on a fresh read: the state it was decided on may be stale.
  const decided = items.map((item, index) => {
    try {
      return decider.decide(item.command, states[index]!.state, item.context.now);
    } catch {
      known.delete(item.streamId);
      return null;
    }
  });
  const batch = items
    .map((item, index) => ({ item, index, events: decided[index] }))
    .filter((entry): entry is { item: EachItem<TCommand>; index: number; events: readonly TEvent[] } => entry.events !== null && entry.events.length > 0)
    .map(({ item, index, events }) => ({
      index,
      streamId: item.streamId,
      expectedVersion: states[index]!.version === 0n ? ('no_stream' as const) : states[index]!.version,
      events: events.map((event, n) => newEvent(event.type, event.data, item.context, deterministicEventId(item.streamId, item.idempotencyKey, n))),
    }));
  const outcomes = await store.appendEach(batch);
  const results: (CommandResult<TState> | null)[] = items.map((_, index) => (decided[index]?.length === 0 ? { stored: [], ...states[index]! } : null));
  const again: number[] = decided.flatMap((events, index) => (events === null ? [index] : []));
  for (const [position, entry] of batch.entries()) {
    const outcome = outcomes[position]!;
    if (outcome.outcome !== 'ok') {
      known.delete(entry.streamId);
      again.push(entry.index);
      continue;
    }
    appendedHere.emit(entry.streamId);
    const before = states[entry.index]!;
    const state = decided[entry.index]!.reduce(decider.evolve, before.state);
    let snapshotVersion = before.snapshotVersion;
    const policy = options.snapshots;
    if (policy && outcome.streamVersion - snapshotVersion >= BigInt(policy.every)) {
      await policy.store.save(entry.streamId, policy.name, outcome.streamVersion, state);
      snapshotVersion = outcome.streamVersion;
    }
    known.set(entry.streamId, { state, version: outcome.streamVersion, snapshotVersion });
    results[entry.index] = { stored: entry.events, state, version: outcome.streamVersion };
  }
  // A duplicate batch (it ran before) or a stream written meanwhile: decided again alone, which answers a repeat as stored nothing.
  await Promise.all(again.map(async (index) => (results[index] = await alone(items[index]!))));
  return results as CommandResult<TState>[];
}

/** The stream's state now: its snapshot (if the command path keeps them) plus the events after it. */
export async function currentState<TCommand, TEvent extends DomainEvent, TState>(
  options: Pick<CommandOptions<TCommand, TEvent, TState>, 'store' | 'streamId' | 'decider' | 'snapshots'>,
): Promise<{ state: TState; version: bigint; snapshotVersion: bigint }> {
  const { store, streamId, decider, snapshots } = options;
  const snapshot = snapshots ? await snapshots.store.load<TState>(streamId, snapshots.name) : null;
  const history = await store.readStream(streamId, snapshot ? { afterVersion: snapshot.version } : undefined);
  // Stored events carry type and data like the decider's own, plus metadata it ignores.
  const state = (history as unknown as TEvent[]).reduce(decider.evolve, snapshot ? snapshot.state : decider.initialState());
  const snapshotVersion = snapshot?.version ?? 0n;
  return { state, version: snapshotVersion + BigInt(history.length), snapshotVersion };
}

async function alreadyRan(store: EventStore, streamId: string, firstEventId: string): Promise<boolean> {
  return (await store.readStream(streamId)).some((event) => event.metadata.eventId === firstEventId);
}

/** An event id (v8 layout) derived from stream, idempotency key and position in the batch. */
export function deterministicEventId(streamId: string, idempotencyKey: string, index: number): string {
  return deterministicUuid('v8', streamId, idempotencyKey, String(index));
}

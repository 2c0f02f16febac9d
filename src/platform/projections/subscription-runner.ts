import type pg from 'pg';

import { comparePositions, type AllPosition, type EventStore, type RecordedEvent } from '../event-store/event-store.port.js';
import { inTransaction, type SqlClient } from '../persistence/sql.js';
import { ensureCheckpoint, moveCheckpoint, readCheckpoint, resetCheckpoint } from './checkpoints.js';
import { buildDeferredIndexes, deferIndexes } from './deferred-indexes.js';
import type { EventTypeFilter, ReadModelChange } from './projection.js';

/** Anything that consumes the global event order from a checkpoint: a projection, the job dispatcher. */
export type Subscriber = {
  readonly name: string;
  readonly eventTypes: EventTypeFilter;
  reset?(tx: SqlClient): Promise<void>;
  /** Tables whose secondary indexes a rebuild drops first and builds once the rows are in. */
  readonly rebuildTables?: readonly string[];
  /**
   * All of this subscriber's work is `prepare` (outside the database, idempotent, so a repeat
   * after a restart is absorbed): its progress is stored lazily, as over events it does not
   * handle, instead of in a transaction per batch. A repeat may group events differently
   * (batched jobs' ids follow their batch), so what it starts must be idempotent per event.
   */
  readonly checkpointLazily?: boolean;
  /**
   * Work outside the database to finish before the checkpoint moves (e.g. handing jobs to
   * Redis). Runs again if the batch is retried, so it must be idempotent.
   */
  prepare?(events: readonly RecordedEvent[]): Promise<void>;
  apply(events: readonly RecordedEvent[], tx: SqlClient): Promise<readonly ReadModelChange[] | void>;
  /** Called after a batch that touched this subscriber has committed. */
  afterCommit?(): void;
};

export type SubscriberStatus = {
  readonly name: string;
  readonly checkpoint: { commit: string; prepare: string };
  readonly caughtUp: boolean;
  /** Age of the oldest event this subscriber has not yet processed (0 when caught up). */
  readonly lagMs: number;
  readonly lastError: string | null;
};

export type RunnerOptions = {
  readonly batchSize?: number;
  /** Catch-up read when no hint arrives; hints make it near-instant. */
  readonly pollIntervalMs?: number;
  /** How long progress over events a subscriber does not handle may go unwritten (LAZY_CHECKPOINT_MS). */
  readonly lazyCheckpointMs?: number;
  readonly onChanges?: (changes: readonly ReadModelChange[]) => void;
  readonly onError?: (subscriber: string, error: unknown) => void;
};

const MAX_RETRY_DELAY_MS = 5_000;
/**
 * Progress over events a subscriber does not handle is written lazily: this long after it was
 * made at the latest, or at once when this many such events have gone by.
 */
const LAZY_CHECKPOINT_MS = 1_000;
const LAZY_CHECKPOINT_EVENTS = 1_000;
/**
 * Appends wake the subscribers at most this often: the first at once, those within the
 * interval after it together at its end. Under load one read then serves many appends (each
 * a wake-up of every subscriber before), for at most this much more delay.
 */
const WAKE_INTERVAL_MS = 5;
/**
 * Events one live transaction applies at most. Any transaction open holds back the events
 * appended after it began from every reader (the store reads below the oldest one running),
 * so a long one makes the next batches long too; short ones keep the lag to milliseconds.
 * Catching up and rebuilds apply whole batches.
 */
const LIVE_APPLY_CHUNK = 25;
/** How long a catch-up waits for events an older transaction holds back before it counts them as not there yet. */
const CATCH_UP_HELD_BACK_WAIT_MS = 30_000;

/** How far one subscriber has got, as this runner knows it. */
type Progress = {
  /** Every event up to here is processed: applied, or not of a type the subscriber handles. */
  position: AllPosition;
  /** What es_checkpoints holds, as far as this runner knows (its own last write, or a read). */
  stored: AllPosition;
  /** When `position` first went past `stored` (skipped events only); null when they are equal. */
  staleSince: number | null;
  skippedSinceStored: number;
};

type Loop = { subscriber: Subscriber; wake: () => void; running: Promise<void>; lastError: string | null; progress: Progress | null };

/**
 * One read of the global order shared by the subscribers that ask for the same events after
 * the same wake-up (all of them, once caught up and woken by an append), also those that ask
 * once the read is over (a subscriber that was applying the last events when the wake-up
 * came). A read is shared only with subscribers woken before it started, so none misses the
 * events it was woken for; reads of earlier wake-ups are forgotten.
 */
export class SharedReads {
  private readonly reads = new Map<string, { generation: number; events: Promise<RecordedEvent[]> }>();

  constructor(
    private readonly store: Pick<EventStore, 'readAll'>,
    private readonly batchSize: number,
  ) {}

  /** The events after `after`, for a reader woken at `generation`. */
  read(after: AllPosition, generation: number): Promise<RecordedEvent[]> {
    const key = `${after.commit}/${after.prepare}`;
    const current = this.reads.get(key);
    if (current && current.generation >= generation) return current.events;
    for (const [other, read] of this.reads) if (read.generation < generation) this.reads.delete(other);
    const entry = { generation, events: this.store.readAll({ after, maxCount: this.batchSize }) };
    this.reads.set(key, entry);
    entry.events.catch(() => {
      if (this.reads.get(key) === entry) this.reads.delete(key);
    });
    return entry.events;
  }
}

/**
 * Feeds each subscriber the events after its checkpoint, in global order. The subscriber's
 * writes and the new checkpoint commit in one transaction: a crash mid-batch loses and
 * repeats nothing. Events of types a subscriber does not handle are passed over without a
 * transaction, and so are those a `checkpointLazily` subscriber handles outside the database; that progress reaches the checkpoint later (LAZY_CHECKPOINT_MS), or with the
 * next batch it applies: a restart reads those events again and passes over them again.
 * Two runners on one subscriber (two processes) are safe: the checkpoint moves only from the
 * value the runner last knew, and the loser's batch is rolled back and read again.
 */
export class SubscriptionRunner {
  private readonly batchSize: number;
  private readonly pollIntervalMs: number;
  private readonly lazyCheckpointMs: number;
  private readonly loops = new Map<string, Loop>();
  private readonly reads: SharedReads;
  /** Counts the wake-ups: a shared read serves the subscribers woken before it started. */
  private generation = 0;
  private stopped = true;
  private unsubscribe: (() => void) | null = null;
  private lastWakeAt = -Infinity;
  private wakeTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly store: EventStore,
    private readonly pool: pg.Pool,
    private readonly subscribers: readonly Subscriber[],
    private readonly options: RunnerOptions = {},
  ) {
    this.batchSize = options.batchSize ?? 500;
    this.pollIntervalMs = options.pollIntervalMs ?? 1_000;
    this.lazyCheckpointMs = options.lazyCheckpointMs ?? LAZY_CHECKPOINT_MS;
    this.reads = new SharedReads(store, this.batchSize);
    const names = new Set<string>();
    for (const s of subscribers) {
      if (names.has(s.name)) throw new Error(`Two subscribers are named ${s.name}`);
      names.add(s.name);
    }
  }

  get names(): string[] {
    return this.subscribers.map((s) => s.name);
  }

  async start(): Promise<void> {
    if (!this.stopped) return;
    this.stopped = false;
    await ensureCheckpoint(
      this.pool,
      this.subscribers.map((subscriber) => subscriber.name),
    );
    // Indexes a rebuild that did not finish had dropped.
    const rebuildable = this.subscribers.filter((subscriber) => subscriber.rebuildTables).map((subscriber) => subscriber.name);
    if (rebuildable.length) await buildDeferredIndexes(this.pool, rebuildable);
    this.unsubscribe = this.store.onAppended(() => this.wakeOnAppend());
    for (const subscriber of this.subscribers) this.loops.set(subscriber.name, this.startLoop(subscriber));
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.unsubscribe?.();
    if (this.wakeTimer) clearTimeout(this.wakeTimer);
    this.wakeTimer = null;
    this.wakeAll();
    await Promise.all([...this.loops.values()].map((l) => l.running));
    this.loops.clear();
  }

  /** A hint from elsewhere (another process appended): read now rather than at the next poll. */
  wakeAll(): void {
    this.generation++;
    for (const loop of this.loops.values()) loop.wake();
  }

  private wakeOnAppend(): void {
    const wait = this.lastWakeAt + WAKE_INTERVAL_MS - performance.now();
    if (wait <= 0) {
      this.lastWakeAt = performance.now();
      this.wakeAll();
      return;
    }
    this.wakeTimer ??= setTimeout(() => {
      this.wakeTimer = null;
      this.lastWakeAt = performance.now();
      this.wakeAll();
    }, wait);
  }

  /** Processes everything available now for one subscriber; returns how many events it read. */
  async catchUp(name: string): Promise<number> {
    const subscriber = this.find(name);
    await ensureCheckpoint(this.pool, subscriber.name);
    const progress = await this.loadProgress(subscriber);
    // Every event appended before the call, also those an older transaction still holds back;
    // each batch read while the one before it is applied.
    const read = readingAhead((after) => this.store.readAll({ after, maxCount: this.batchSize, waitWhileHeldBackMs: CATCH_UP_HELD_BACK_WAIT_MS }));
    let total = 0;
    for (;;) {
      const batch = await this.processBatch(subscriber, progress, read);
      if (batch.read === 0 && !batch.readAgain) break;
      total += batch.read;
    }
    await this.storeProgress(subscriber, progress);
    return total;
  }

  /**
   * Empties the read model and its checkpoint, then replays every event into it: into bare
   * tables when the subscriber names them (their secondary indexes built at the end, in bulk).
   */
  async rebuild(name: string): Promise<number> {
    const subscriber = this.find(name);
    if (!subscriber.reset) throw new Error(`${name} cannot be rebuilt: it has no reset`);
    await ensureCheckpoint(this.pool, subscriber.name);
    await inTransaction(this.pool, async (tx) => {
      await readCheckpoint(tx, subscriber.name, true);
      await subscriber.reset!(tx);
      if (subscriber.rebuildTables) await deferIndexes(tx, subscriber.name, subscriber.rebuildTables);
      await resetCheckpoint(tx, subscriber.name);
    });
    try {
      return await this.catchUp(name);
    } finally {
      // Also when the replay failed: the read model is served meanwhile, and its queries need them.
      if (subscriber.rebuildTables) await buildDeferredIndexes(this.pool, subscriber.name);
    }
  }

  async status(): Promise<SubscriberStatus[]> {
    return Promise.all(
      this.subscribers.map(async (subscriber) => {
        // A running subscriber may be past its stored checkpoint (events it does not handle).
        const checkpoint = this.loops.get(subscriber.name)?.progress?.position ?? (await readCheckpoint(this.pool, subscriber.name));
        const next = await this.store.readAll({ after: checkpoint, maxCount: 1 });
        const oldest = next[0];
        return {
          name: subscriber.name,
          checkpoint: { commit: checkpoint.commit.toString(), prepare: checkpoint.prepare.toString() },
          caughtUp: !oldest,
          lagMs: oldest ? Math.max(0, Date.now() - Date.parse(oldest.recordedAt)) : 0,
          lastError: this.loops.get(subscriber.name)?.lastError ?? null,
        };
      }),
    );
  }

  private find(name: string): Subscriber {
    const subscriber = this.subscribers.find((s) => s.name === name);
    if (!subscriber) throw new Error(`No subscriber named ${name}; known: ${this.names.join(', ')}`);
    return subscriber;
  }

  private async loadProgress(subscriber: Subscriber): Promise<Progress> {
    const stored = await readCheckpoint(this.pool, subscriber.name);
    return { position: stored, stored, staleSince: null, skippedSinceStored: 0 };
  }

  /** Starts again from the stored checkpoint: another runner moved it. */
  private async reloadProgress(subscriber: Subscriber, progress: Progress): Promise<void> {
    Object.assign(progress, await this.loadProgress(subscriber));
  }

  /** Writes progress made over events the subscriber does not handle. */
  private async storeProgress(subscriber: Subscriber, progress: Progress): Promise<void> {
    if (progress.staleSince === null) return;
    if (await moveCheckpoint(this.pool, subscriber.name, progress.stored, progress.position)) {
      progress.stored = progress.position;
      progress.staleSince = null;
      progress.skippedSinceStored = 0;
    } else {
      await this.reloadProgress(subscriber, progress);
    }
  }

  private storeDueAt(progress: Progress): number | null {
    if (progress.staleSince === null) return null;
    return progress.skippedSinceStored >= LAZY_CHECKPOINT_EVENTS ? 0 : progress.staleSince + this.lazyCheckpointMs;
  }

  /**
   * Reads the next events after the subscriber's position and processes them: how many it
   * read, and whether that was all there was (a short batch) or it should read again.
   */
  private async processBatch(
    subscriber: Subscriber,
    progress: Progress,
    read: (after: AllPosition) => Promise<RecordedEvent[]>,
    applyChunk = Number.POSITIVE_INFINITY,
  ): Promise<{ read: number; readAgain: boolean }> {
    // Read outside the transaction: on PGlite an open transaction would block this read.
    const events = await read(progress.position);
    const last = events.at(-1)?.position;
    const wanted = subscriber.eventTypes;
    const relevant = wanted === '*' ? events : events.filter((e) => wanted.includes(e.type));
    const lazily = subscriber.checkpointLazily === true && relevant.length > 0;
    if (lazily) {
      await subscriber.prepare?.(relevant);
      subscriber.afterCommit?.();
    }
    if (!last || relevant.length === 0 || lazily) {
      if (last) {
        progress.position = last;
        progress.staleSince ??= Date.now();
        progress.skippedSinceStored += events.length;
      }
      const due = this.storeDueAt(progress);
      if (due !== null && due <= Date.now()) await this.storeProgress(subscriber, progress);
      return { read: events.length, readAgain: events.length >= this.batchSize };
    }
    if (subscriber.prepare) await subscriber.prepare(relevant);

    for (let from = 0; from < relevant.length;) {
      const chunk = relevant.slice(from, from + applyChunk);
      from += chunk.length;
      const end = from >= relevant.length ? last : chunk.at(-1)!.position;
      const changes = await inTransaction(this.pool, async (tx) => {
        if (!(await moveCheckpoint(tx, subscriber.name, progress.stored, end))) return null; // another runner got there first
        return (await subscriber.apply(chunk, tx)) ?? [];
      });
      if (changes === null) {
        await this.reloadProgress(subscriber, progress);
        return { read: 0, readAgain: true };
      }
      progress.position = progress.stored = end;
      progress.staleSince = null;
      progress.skippedSinceStored = 0;
      subscriber.afterCommit?.();
      if (changes.length > 0) this.options.onChanges?.(changes);
    }
    return { read: events.length, readAgain: events.length >= this.batchSize };
  }

  private startLoop(subscriber: Subscriber): Loop {
    let wakeUp: () => void = () => {};
    let pending = false;
    const loop: Loop = {
      subscriber,
      lastError: null,
      progress: null,
      wake: () => {
        pending = true;
        wakeUp();
      },
      running: Promise.resolve(),
    };
    const sleep = (ms: number) =>
      new Promise<void>((resolve) => {
        if (pending || this.stopped) return resolve();
        const timer = setTimeout(resolve, ms);
        wakeUp = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    let failures = 0;
    loop.running = (async () => {
      while (!this.stopped) {
        // A read begun since the wake-up serves a woken subscriber; one that slept its poll
        // interval out (or reads on at once) asks for a read of its own.
        const generation = pending ? this.generation : ++this.generation;
        pending = false;
        try {
          loop.progress ??= await this.loadProgress(subscriber);
          const batch = await this.processBatch(subscriber, loop.progress, (after) => this.reads.read(after, generation), LIVE_APPLY_CHUNK);
          failures = 0;
          loop.lastError = null;
          // A batch that ended short held everything there was when it was read: what came
          // later comes with a wake-up (held-back events too, see EventStore.readAll).
          if (!batch.readAgain) {
            const due = this.storeDueAt(loop.progress);
            await sleep(due === null ? this.pollIntervalMs : Math.max(0, Math.min(this.pollIntervalMs, due - Date.now())));
          }
        } catch (error) {
          failures++;
          loop.lastError = error instanceof Error ? error.message : String(error);
          this.options.onError?.(subscriber.name, error);
          // Capped low: an outage that ends (Redis back, database back) should be noticed within seconds.
          await sleep(Math.min(MAX_RETRY_DELAY_MS, 200 * 2 ** Math.min(failures, 5)));
        }
      }
      // What was passed over is not lost on a stop without it, only read again at the next start.
      if (loop.progress) await this.storeProgress(subscriber, loop.progress).catch(() => {});
    })();
    return loop;
  }
}

/**
 * Reads the batch after the one it returns as soon as it returns one, so the next read runs
 * while the caller applies this batch (a catch-up's reading and writing overlap). A call for
 * another position than the one read ahead (the batch was not applied) reads afresh.
 */
export function readingAhead(read: (after: AllPosition) => Promise<RecordedEvent[]>): (after: AllPosition) => Promise<RecordedEvent[]> {
  let ahead: { after: AllPosition; events: Promise<RecordedEvent[]> } | null = null;
  return async (after) => {
    const events = ahead && comparePositions(ahead.after, after) === 0 ? await ahead.events.catch(() => read(after)) : await read(after);
    ahead = null;
    const last = events.at(-1)?.position;
    if (last) {
      const next = read(last);
      next.catch(() => {}); // a read ahead that fails is read again when it is asked for
      ahead = { after: last, events: next };
    }
    return events;
  };
}

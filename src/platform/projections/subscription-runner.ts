import type pg from 'pg';
import { comparePositions, type AllPosition, type EventStore, type RecordedEvent } from '../event-store/event-store.port.js';
import { inTransaction, type SqlClient } from '../persistence/sql.js';
import { ensureCheckpoint, readCheckpoint, resetCheckpoint, writeCheckpoint } from './checkpoints.js';
import type { EventTypeFilter, ReadModelChange } from './projection.js';

/** Anything that consumes the global event order from a checkpoint: a projection, the job dispatcher. */
export type Subscriber = {
  readonly name: string;
  readonly eventTypes: EventTypeFilter;
  reset?(tx: SqlClient): Promise<void>;
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
  readonly onChanges?: (changes: readonly ReadModelChange[]) => void;
  readonly onError?: (subscriber: string, error: unknown) => void;
};

const MAX_RETRY_DELAY_MS = 5_000;

type Loop = { subscriber: Subscriber; wake: () => void; running: Promise<void>; lastError: string | null };

/**
 * Feeds each subscriber the events after its checkpoint, in global order. The subscriber's
 * writes and the new checkpoint commit in one transaction: a crash mid-batch loses and
 * repeats nothing. Two runners on one subscriber (two processes) are safe: the checkpoint
 * row is locked and compared, and the loser's batch is rolled back and read again.
 */
export class SubscriptionRunner {
  private readonly batchSize: number;
  private readonly pollIntervalMs: number;
  private readonly loops = new Map<string, Loop>();
  private stopped = true;
  private unsubscribe: (() => void) | null = null;

  constructor(
    private readonly store: EventStore,
    private readonly pool: pg.Pool,
    private readonly subscribers: readonly Subscriber[],
    private readonly options: RunnerOptions = {},
  ) {
    this.batchSize = options.batchSize ?? 500;
    this.pollIntervalMs = options.pollIntervalMs ?? 1_000;
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
    for (const subscriber of this.subscribers) await ensureCheckpoint(this.pool, subscriber.name);
    this.unsubscribe = this.store.onAppended(() => this.wakeAll());
    for (const subscriber of this.subscribers) this.loops.set(subscriber.name, this.startLoop(subscriber));
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.unsubscribe?.();
    this.wakeAll();
    await Promise.all([...this.loops.values()].map((l) => l.running));
    this.loops.clear();
  }

  /** A hint from elsewhere (another process appended): read now rather than at the next poll. */
  wakeAll(): void {
    for (const loop of this.loops.values()) loop.wake();
  }

  /** Processes everything available now for one subscriber; returns how many events it read. */
  async catchUp(name: string): Promise<number> {
    const subscriber = this.find(name);
    await ensureCheckpoint(this.pool, subscriber.name);
    let total = 0;
    for (;;) {
      const processed = await this.processBatch(subscriber);
      if (processed === 0) return total;
      total += processed;
    }
  }

  /** Empties the read model and its checkpoint, then replays every event into it. */
  async rebuild(name: string): Promise<number> {
    const subscriber = this.find(name);
    if (!subscriber.reset) throw new Error(`${name} cannot be rebuilt: it has no reset`);
    await ensureCheckpoint(this.pool, subscriber.name);
    await inTransaction(this.pool, async (tx) => {
      await readCheckpoint(tx, subscriber.name, true);
      await subscriber.reset!(tx);
      await resetCheckpoint(tx, subscriber.name);
    });
    return this.catchUp(name);
  }

  async status(): Promise<SubscriberStatus[]> {
    return Promise.all(
      this.subscribers.map(async (subscriber) => {
        const checkpoint = await readCheckpoint(this.pool, subscriber.name);
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

  private async processBatch(subscriber: Subscriber): Promise<number> {
    const from = await readCheckpoint(this.pool, subscriber.name);
    // Read outside the transaction: on PGlite an open transaction would block this read.
    const events = await this.store.readAll({ after: from, maxCount: this.batchSize });
    if (events.length === 0) return 0;
    const wanted = subscriber.eventTypes;
    const relevant = wanted === '*' ? events : events.filter((e) => wanted.includes(e.type));
    const last: AllPosition = events[events.length - 1]!.position;
    if (relevant.length > 0 && subscriber.prepare) await subscriber.prepare(relevant);

    const changes = await inTransaction(this.pool, async (tx) => {
      const locked = await readCheckpoint(tx, subscriber.name, true);
      if (comparePositions(locked, from) !== 0) return null; // another runner got there first
      const result = relevant.length > 0 ? await subscriber.apply(relevant, tx) : undefined;
      await writeCheckpoint(tx, subscriber.name, last);
      return result ?? [];
    });
    if (changes === null) return 1;
    if (relevant.length > 0) subscriber.afterCommit?.();
    if (changes.length > 0) this.options.onChanges?.(changes);
    return events.length;
  }

  private startLoop(subscriber: Subscriber): Loop {
    let wakeUp: () => void = () => {};
    let pending = false;
    const loop: Loop = {
      subscriber,
      lastError: null,
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
        pending = false;
        try {
          const processed = await this.processBatch(subscriber);
          failures = 0;
          loop.lastError = null;
          if (processed === 0) await sleep(this.pollIntervalMs);
        } catch (error) {
          failures++;
          loop.lastError = error instanceof Error ? error.message : String(error);
          this.options.onError?.(subscriber.name, error);
          // Capped low: an outage that ends (Redis back, database back) should be noticed within seconds.
          await sleep(Math.min(MAX_RETRY_DELAY_MS, 200 * 2 ** Math.min(failures, 5)));
        }
      }
    })();
    return loop;
  }
}

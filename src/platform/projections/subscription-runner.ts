import type pg from 'pg';

import { comparePositions, type AllPosition, type EventStore, type RecordedEvent } from '../event-store/event-store.port.js';
import { inTransaction, type SqlClient } from '../persistence/sql.js';
import { ensureCheckpoint, moveCheckpoint, readCheckpoint, resetCheckpoint } from './checkpoints.js';
import type { EventTypeFilter, ReadModelChange } from './projection.js';

/** Anything that consumes the global event order from a checkpoint: a projection, the job dispatcher. */
export type Subscriber = {
  readonly name: string;
  readonly eventTypes: EventTypeFilter;
  /**
   * Subscribers of one group run together: one loop reads for all of them and applies what
   * each handles in one transaction per batch, each in a savepoint of its own (every commit is
   * a disk flush and holds back the store's readers while it runs). For read models fed by the
   * same events (a wallet's balance, ledger and accounts); others run side by side.
   */
  readonly group?: string;
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
const LAZY_CHECKPOINT_MS = 250;
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

/** One subscriber in a loop: its progress, and when it failed, when it is tried again. */
type Member = {
  readonly subscriber: Subscriber;
  progress: Progress | null;
  lastError: string | null;
  failures: number;
  /** A failing member sits out the loop's batches until then (Date.now() time); 0 when healthy. */
  retryAt: number;
};

type Loop = { members: readonly Member[]; wake: () => void; running: Promise<void> };

/** What one batch did for each member it read for. */
type BatchOutcome = { read: number; readAgain: boolean; failed: { member: Member; error: unknown }[] };

/**
 * One read of the global order shared by the subscribers that ask for the same events at the
 * same time (all of them, once caught up and woken by an append). A read in flight is shared
 * only with subscribers woken before it started, so none misses the events it was woken for.
 */
export class SharedReads {
  private readonly inFlight = new Map<string, { generation: number; events: Promise<RecordedEvent[]> }>();

  constructor(
    private readonly store: Pick<EventStore, 'readAll'>,
    private readonly batchSize: number,
  ) {}

  /** The events after `after`, for a reader woken at `generation`. */
  read(after: AllPosition, generation: number): Promise<RecordedEvent[]> {
    const key = `${after.commit}/${after.prepare}`;
    const current = this.inFlight.get(key);
    if (current && current.generation >= generation) return current.events;
    const entry = { generation, events: this.store.readAll({ after, maxCount: this.batchSize }) };
    this.inFlight.set(key, entry);
    const done = () => {
      if (this.inFlight.get(key) === entry) this.inFlight.delete(key);
    };
    entry.events.then(done, done);
    return entry.events;
  }
}

/**
 * Feeds each subscriber the events after its checkpoint, in global order. The subscriber's
 * writes and the new checkpoint commit in one transaction: a crash mid-batch loses and
 * repeats nothing. Subscribers of one `group` share one loop and one transaction per
 * batch, each in a savepoint: one that fails is rolled back alone, sits out for a while
 * (backing off) and is retried from its own checkpoint, while the others go on. Events of
 * types a subscriber does not handle are passed over without a transaction; that progress
 * reaches the checkpoint later (LAZY_CHECKPOINT_MS), or with the next batch it applies: a
 * restart reads those events again and passes over them again. Two runners on one subscriber
 * (two processes) are safe: the checkpoint moves only from the value the runner last knew,
 * and the loser's batch is rolled back and read again.
 */
export class SubscriptionRunner {
  private readonly batchSize: number;
  private readonly pollIntervalMs: number;
  private readonly lazyCheckpointMs: number;
  private readonly loops: Loop[] = [];
  private readonly members = new Map<string, Member>();
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
    for (const subscriber of this.subscribers) await ensureCheckpoint(this.pool, subscriber.name);
    this.unsubscribe = this.store.onAppended(() => this.wakeOnAppend());
    const member = (subscriber: Subscriber): Member => {
      const m: Member = { subscriber, progress: null, lastError: null, failures: 0, retryAt: 0 };
      this.members.set(subscriber.name, m);
      return m;
    };
    const groups = new Map<string, Member[]>();
    for (const subscriber of this.subscribers) {
      const members = subscriber.group ? (groups.get(subscriber.group) ?? []) : [];
      members.push(member(subscriber));
      if (subscriber.group) groups.set(subscriber.group, members);
      else this.loops.push(this.startLoop(members));
    }
    for (const members of groups.values()) this.loops.push(this.startLoop(members));
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.unsubscribe?.();
    if (this.wakeTimer) clearTimeout(this.wakeTimer);
    this.wakeTimer = null;
    this.wakeAll();
    await Promise.all(this.loops.map((l) => l.running));
    this.loops.length = 0;
    this.members.clear();
  }

  /** A hint from elsewhere (another process appended): read now rather than at the next poll. */
  wakeAll(): void {
    this.generation++;
    for (const loop of this.loops) loop.wake();
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
    const member: Member = { subscriber, progress: await this.loadProgress(subscriber), lastError: null, failures: 0, retryAt: 0 };
    // Every event appended before the call, also those an older transaction still holds back;
    // each batch read while the one before it is applied.
    const read = readingAhead((after) => this.store.readAll({ after, maxCount: this.batchSize, waitWhileHeldBackMs: CATCH_UP_HELD_BACK_WAIT_MS }));
    let total = 0;
    for (;;) {
      const batch = await this.processBatch([member], read);
      if (batch.failed[0]) throw batch.failed[0].error;
      if (batch.read === 0 && !batch.readAgain) break;
      total += batch.read;
    }
    await this.storeProgress([member]);
    return total;
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
        const member = this.members.get(subscriber.name);
        // A running subscriber may be past its stored checkpoint (events it does not handle).
        const checkpoint = member?.progress?.position ?? (await readCheckpoint(this.pool, subscriber.name));
        const next = await this.store.readAll({ after: checkpoint, maxCount: 1 });
        const oldest = next[0];
        return {
          name: subscriber.name,
          checkpoint: { commit: checkpoint.commit.toString(), prepare: checkpoint.prepare.toString() },
          caughtUp: !oldest,
          lagMs: oldest ? Math.max(0, Date.now() - Date.parse(oldest.recordedAt)) : 0,
          lastError: member?.lastError ?? null,
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

  /** Writes the progress the members made over events they do not handle, in one transaction. */
  private async storeProgress(members: readonly Member[]): Promise<void> {
    const stale = members.filter((m) => m.progress && m.progress.staleSince !== null);
    if (stale.length === 0) return;
    const moved = await inTransaction(this.pool, (tx) => this.moveStale(tx, stale));
    await this.settleStale(stale, moved);
  }

  /** Inside a transaction: moves each stale member's checkpoint to its position; which of them moved. */
  private async moveStale(tx: SqlClient, stale: readonly Member[]): Promise<boolean[]> {
    const moved: boolean[] = [];
    for (const { subscriber, progress } of stale) moved.push(await moveCheckpoint(tx, subscriber.name, progress!.stored, progress!.position));
    return moved;
  }

  /** After the transaction of `moveStale` committed. */
  private async settleStale(stale: readonly Member[], moved: readonly boolean[]): Promise<void> {
    for (const [index, member] of stale.entries()) {
      const progress = member.progress!;
      if (moved[index]) {
        progress.stored = progress.position;
        progress.staleSince = null;
        progress.skippedSinceStored = 0;
      } else {
        // Another runner moved it: start again from what it stored.
        member.progress = await this.loadProgress(member.subscriber);
      }
    }
  }

  private storeDueAt(progress: Progress): number | null {
    if (progress.staleSince === null) return null;
    return progress.skippedSinceStored >= LAZY_CHECKPOINT_EVENTS ? 0 : progress.staleSince + this.lazyCheckpointMs;
  }

  private isDue(member: Member, now: number): boolean {
    const due = member.progress && this.storeDueAt(member.progress);
    return due !== null && due !== undefined && due <= now;
  }

  /**
   * Reads the next events after the members' positions (the earliest of them) and processes
   * them: how many it read, whether that was all there was (a short batch) or it should read
   * again, and which members failed (rolled back alone; their progress is as before).
   */
  private async processBatch(
    members: readonly Member[],
    read: (after: AllPosition) => Promise<RecordedEvent[]>,
    applyChunk = Number.POSITIVE_INFINITY,
  ): Promise<BatchOutcome> {
    const earliest = members.map((m) => m.progress!.position).reduce((a, b) => (comparePositions(a, b) <= 0 ? a : b));
    // Read outside the transaction: on PGlite an open transaction would block this read.
    const events = await read(earliest);
    const outcome: BatchOutcome = { read: events.length, readAgain: events.length >= this.batchSize, failed: [] };
    if (events.length === 0) {
      const due = members.filter((m) => this.isDue(m, Date.now()));
      if (due.length > 0) await this.storeProgress(due);
      return outcome;
    }
    const wanted = (member: Member, event: RecordedEvent) =>
      comparePositions(event.position, member.progress!.position) > 0 &&
      (member.subscriber.eventTypes === '*' || member.subscriber.eventTypes.includes(event.type));

    let working = [...members];
    for (const member of members) {
      if (!member.subscriber.prepare) continue;
      const relevant = events.filter((e) => wanted(member, e));
      if (relevant.length === 0) continue;
      try {
        await member.subscriber.prepare(relevant);
      } catch (error) {
        outcome.failed.push({ member, error });
        working = working.filter((m) => m !== member);
      }
    }

    for (let from = 0; from < events.length && working.length > 0;) {
      const chunk = events.slice(
        from,
        chunkEnd(events, from, applyChunk, (e) => working.filter((m) => wanted(m, e)).length),
      );
      from += chunk.length;
      const end = chunk.at(-1)!.position;
      const applying = working.map((member) => ({ member, events: chunk.filter((e) => wanted(member, e)) })).filter((work) => work.events.length > 0);
      // Those passing over the chunk: their progress, written lazily or with this transaction.
      for (const member of working) {
        if (applying.some((work) => work.member === member)) continue;
        const progress = member.progress!;
        const skipped = chunk.filter((e) => comparePositions(e.position, progress.position) > 0).length;
        if (skipped === 0) continue;
        progress.position = end;
        progress.staleSince ??= Date.now();
        progress.skippedSinceStored += skipped;
      }
      const now = Date.now();
      const stale = working.filter((m) => !applying.some((work) => work.member === m) && this.isDue(m, now));
      if (applying.length === 0) {
        if (stale.length > 0) await this.storeProgress(stale);
        continue;
      }
      const alone = applying.length === 1;
      const results = await inTransaction(this.pool, async (tx) => {
        const done: { member: Member; changes: readonly ReadModelChange[] | null; error?: unknown }[] = [];
        for (const { member, events: relevant } of applying) {
          if (!alone) await tx.query('SAVEPOINT subscriber');
          try {
            // null: another runner got there first.
            const changes = (await moveCheckpoint(tx, member.subscriber.name, member.progress!.stored, end))
              ? ((await member.subscriber.apply(relevant, tx)) ?? [])
              : null;
            if (!alone) await tx.query('RELEASE SAVEPOINT subscriber');
            done.push({ member, changes });
          } catch (error) {
            if (alone) throw error;
            await tx.query('ROLLBACK TO SAVEPOINT subscriber');
            done.push({ member, changes: null, error });
          }
        }
        return { done, moved: await this.moveStale(tx, stale) };
      }).catch((error: unknown) => {
        // Nothing committed: each member applying failed with it.
        for (const { member } of applying) outcome.failed.push({ member, error });
        return null;
      });
      if (!results) {
        working = working.filter((m) => !applying.some((work) => work.member === m));
        continue;
      }
      await this.settleStale(stale, results.moved);
      for (const { member, changes, error } of results.done) {
        if (error !== undefined) {
          outcome.failed.push({ member, error });
          working = working.filter((m) => m !== member);
        } else if (changes === null) {
          member.progress = await this.loadProgress(member.subscriber);
          working = working.filter((m) => m !== member);
          outcome.readAgain = true;
        } else {
          const progress = member.progress!;
          progress.position = progress.stored = end;
          progress.staleSince = null;
          progress.skippedSinceStored = 0;
          member.subscriber.afterCommit?.();
          if (changes.length > 0) this.options.onChanges?.(changes);
        }
      }
    }
    return outcome;
  }

  private startLoop(members: readonly Member[]): Loop {
    let wakeUp: () => void = () => {};
    let pending = false;
    const loop: Loop = {
      members,
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
    const failed = (member: Member, error: unknown) => {
      member.failures++;
      member.lastError = error instanceof Error ? error.message : String(error);
      // Capped low: an outage that ends (Redis back, database back) should be noticed within seconds.
      member.retryAt = Date.now() + Math.min(MAX_RETRY_DELAY_MS, 200 * 2 ** Math.min(member.failures, 5));
      this.options.onError?.(member.subscriber.name, error);
    };
    loop.running = (async () => {
      while (!this.stopped) {
        pending = false;
        const generation = this.generation;
        const now = Date.now();
        const ready = members.filter((m) => m.retryAt <= now);
        let readAgain = false;
        try {
          for (const member of ready) member.progress ??= await this.loadProgress(member.subscriber);
          if (ready.length > 0) {
            const batch = await this.processBatch(ready, (after) => this.reads.read(after, generation), LIVE_APPLY_CHUNK);
            for (const { member, error } of batch.failed) failed(member, error);
            for (const member of ready.filter((m) => !batch.failed.some((f) => f.member === m))) {
              member.failures = 0;
              member.retryAt = 0;
              member.lastError = null;
            }
            readAgain = batch.readAgain;
          }
        } catch (error) {
          for (const member of ready) failed(member, error);
        }
        // A batch that ended short held everything there was when it was read: what came
        // later comes with a wake-up (held-back events too, see EventStore.readAll).
        if (!readAgain) {
          const dues = members.flatMap((m) => [m.retryAt || null, m.progress ? this.storeDueAt(m.progress) : null]).filter((t) => t !== null);
          const next = Math.min(Date.now() + this.pollIntervalMs, ...dues);
          await sleep(Math.max(0, next - Date.now()));
        }
      }
      // What was passed over is not lost on a stop without it, only read again at the next start.
      await this.storeProgress(members.filter((m) => m.progress)).catch(() => {});
    })();
    return loop;
  }
}

/**
 * Where the chunk that starts at `from` ends (exclusive): once the applications in it (each
 * event once per subscriber that handles it) reach `size`, or at the end of the batch when no
 * further event is handled, so the last chunk also covers the events after it that nobody
 * handles. Subscribers running together share a transaction, so its length is their sum.
 */
function chunkEnd(events: readonly RecordedEvent[], from: number, size: number, handledBy: (event: RecordedEvent) => number): number {
  let count = 0;
  for (let index = from; index < events.length; index++) {
    count += handledBy(events[index]!);
    if (count >= size) {
      const more = events.slice(index + 1).some((event) => handledBy(event) > 0);
      return more ? index + 1 : events.length;
    }
  }
  return events.length;
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

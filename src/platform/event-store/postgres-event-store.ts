import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type pg from 'pg';

import { inTransaction } from '../persistence/sql.js';
import { AppendListener, AppendNotifier } from './append-notifications.js';
import {
  EventIdTakenError,
  START,
  VersionConflictError,
  type AllPosition,
  type AppendEachEntry,
  type AppendEachOutcome,
  type AppendResult,
  type EventMetadata,
  type EventStore,
  type ExpectedVersion,
  type NewEvent,
  type ReadAllOptions,
  type ReadStreamOptions,
  type RecordedEvent,
} from './event-store.port.js';

type EventRow = {
  global_position: bigint;
  commit_position: string;
  stream_id: string;
  stream_version: bigint;
  event_id: string;
  event_type: string;
  data: unknown;
  metadata: Omit<EventMetadata, 'eventId'>;
  created_at: Date;
};

type AppendRow = { outcome: 'ok' | 'conflict' | 'duplicate' | 'event_id_taken'; stream_version: bigint | null };

// The commit position is read as text under its own name: ORDER BY transaction_id must
// sort by the xid8 column, not by a text alias of it.
const EVENT_COLUMNS = 'global_position, transaction_id::text AS commit_position, stream_id, stream_version, event_id, event_type, data, metadata, created_at';
const UNIQUE_VIOLATION = '23505';

/**
 * One row: the newest event's transaction and the read horizon (es_read_horizon, migration
 * 0075): events of transactions below it are all committed or never will be, and transactions
 * of the server's other databases do not count.
 */
const HORIZON = `(SELECT newest, es_read_horizon(pg_current_snapshot(), newest) AS horizon
   FROM (SELECT max(transaction_id) AS newest FROM es_events) AS now)`;
const HELD_BACK_FIRST_DELAY_MS = 10;
const HELD_BACK_MAX_DELAY_MS = 1_000;

/**
 * The event store on PostgreSQL (or PGlite). The global order is (writing transaction id,
 * global position), read only below the oldest transaction of this database still running
 * (es_read_horizon), so an event whose transaction commits late is never passed over by a reader.
 */
export class PostgresEventStore implements EventStore {
  readonly kind = 'postgres' as const;
  private readonly appended = new EventEmitter().setMaxListeners(0);
  private readonly notifier: AppendNotifier | null;
  private readonly listener: AppendListener | null;
  private listening = false;
  private heldBackTimer: NodeJS.Timeout | null = null;
  private heldBackDelayMs = HELD_BACK_FIRST_DELAY_MS;

  /**
   * With `sharedDatabaseUrl` (a PostgreSQL that several processes use), appends are
   * announced to the other processes and `onAppended` hears theirs too; without it (PGlite
   * serves one process) only this process's own appends are heard.
   */
  constructor(
    private readonly pool: pg.Pool,
    options: { readonly sharedDatabaseUrl?: string } = {},
  ) {
    const url = options.sharedDatabaseUrl;
    const storeId = randomUUID();
    this.notifier = url ? new AppendNotifier(pool, storeId) : null;
    this.listener = url
      ? new AppendListener(
          url,
          () => {
            this.appended.emit('appended');
            this.appended.emit('announced');
          },
          storeId,
        )
      : null;
  }

  async append(streamId: string, events: readonly NewEvent[], options: { expectedVersion: ExpectedVersion }): Promise<AppendResult> {
    if (events.length === 0) throw new Error('append needs at least one event');
    const payload = payloadOf(events);
    const expected = typeof options.expectedVersion === 'bigint' ? options.expectedVersion.toString() : options.expectedVersion;
    // A retry racing its original on the same event ids meets the unique key; once the
    // original has committed the retry is answered as a duplicate.
    for (let attempt = 0; ; attempt++) {
      try {
        const { rows } = await this.pool.query<AppendRow>('SELECT outcome, stream_version FROM es_append($1, $2, $3::jsonb)', [streamId, expected, payload]);
        const row = rows[0]!;
        switch (row.outcome) {
          case 'ok':
            this.appended.emit('appended');
            this.notifier?.appended();
            return { nextExpectedVersion: row.stream_version!, duplicate: false };
          case 'duplicate':
            return { nextExpectedVersion: row.stream_version!, duplicate: true };
          case 'conflict':
            throw new VersionConflictError(streamId, options.expectedVersion, row.stream_version ?? 0n);
          case 'event_id_taken':
            throw new EventIdTakenError(streamId);
        }
      } catch (error) {
        if (attempt < 2 && (error as { code?: string; constraint?: string }).code === UNIQUE_VIOLATION) {
          if ((error as { constraint?: string }).constraint === 'es_events_event_id_key') continue;
          // Two 'any' appends creating one stream together: the loser retries as an update.
          if ((error as { constraint?: string }).constraint === 'es_streams_pkey') continue;
        }
        throw error;
      }
    }
  }

  async appendInOrder(entries: readonly { readonly streamId: string; readonly events: readonly NewEvent[] }[]): Promise<void> {
    if (entries.length === 0) return;
    const stored = await inTransaction(this.pool, async (tx) => {
      let any = false;
      for (const { streamId, events } of entries) {
        const { rows } = await tx.query<AppendRow>(`SELECT outcome, stream_version FROM es_append($1, 'any', $2::jsonb)`, [streamId, payloadOf(events)]);
        if (rows[0]!.outcome === 'event_id_taken') throw new EventIdTakenError(streamId);
        any ||= rows[0]!.outcome === 'ok';
      }
      return any;
    });
    if (stored) {
      this.appended.emit('appended');
      this.notifier?.appended();
    }
  }

  async appendEach(entries: readonly AppendEachEntry[]): Promise<AppendEachOutcome[]> {
    if (entries.length === 0) return [];
    if (new Set(entries.map((entry) => entry.streamId)).size !== entries.length) throw new Error('appendEach takes each stream once');
    // One statement: one round trip and one commit for every stream of the batch.
    const { rows } = await this.pool.query<AppendRow>(
      `SELECT r.outcome, r.stream_version
         FROM unnest($1::text[], $2::text[], $3::jsonb[]) WITH ORDINALITY AS e(stream_id, expected, events, n)
        CROSS JOIN LATERAL es_append(e.stream_id, e.expected, e.events) r
        ORDER BY e.n`,
      [
        entries.map((entry) => entry.streamId),
        entries.map((entry) => (typeof entry.expectedVersion === 'bigint' ? entry.expectedVersion.toString() : entry.expectedVersion)),
        entries.map((entry) => payloadOf(entry.events)),
      ],
    );
    const outcomes = rows.map((row) => ({ outcome: row.outcome, streamVersion: row.stream_version ?? 0n }));
    if (outcomes.some((outcome) => outcome.outcome === 'ok')) {
      this.appended.emit('appended');
      this.notifier?.appended();
    }
    return outcomes;
  }

  async readStream(streamId: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    const { rows } = await this.pool.query<EventRow>(
      `SELECT ${EVENT_COLUMNS} FROM es_events WHERE stream_id = $1 AND stream_version > $2 ORDER BY stream_version LIMIT $3`,
      [streamId, (options.afterVersion ?? 0n).toString(), options.maxCount ?? 1_000_000],
    );
    return rows.map(toRecorded);
  }

  async readAll(options: ReadAllOptions): Promise<RecordedEvent[]> {
    const waitUntil = performance.now() + (options.waitWhileHeldBackMs ?? 0);
    for (let pause = 5; ; pause = Math.min(pause * 2, 200)) {
      const { events, heldBack } = await this.readVisible(options);
      if (events.length < options.maxCount && this.appended.listenerCount('appended') > 0) this.watchHeldBack(heldBack);
      // A transaction of this database that began before an append holds it back (es_read_horizon).
      if (events.length > 0 || !heldBack || performance.now() >= waitUntil) return events;
      await new Promise((resolve) => setTimeout(resolve, pause));
    }
  }

  /**
   * Committed events can be held back by an older transaction still running (see
   * readAll): a reader woken for them finds them missing from its read (which ends short).
   * If the older transaction is no append, nothing would wake the reader when it ends, so
   * while events are held back the hint is given again, at growing intervals.
   */
  private watchHeldBack(heldBack: boolean): void {
    if (!heldBack) {
      this.heldBackDelayMs = HELD_BACK_FIRST_DELAY_MS;
      return;
    }
    if (this.heldBackTimer) return;
    this.heldBackTimer = setTimeout(() => {
      this.heldBackTimer = null;
      this.appended.emit('appended');
    }, this.heldBackDelayMs);
    this.heldBackDelayMs = Math.min(this.heldBackDelayMs * 2, HELD_BACK_MAX_DELAY_MS);
  }

  /**
   * The events after `after` that no running transaction can precede, and whether any are
   * held back, in one statement. The newest transaction id comes from the end of
   * es_events_all_order: "any event with transaction_id >= xmin" as a filter was planned as a
   * scan of the whole table (it finds nothing when nothing is held back, which is nearly always).
   */
  private async readVisible(options: ReadAllOptions): Promise<{ events: RecordedEvent[]; heldBack: boolean }> {
    const { rows } = await this.pool.query<Partial<EventRow> & { held_back: boolean }>(
      `SELECT coalesce(h.newest >= h.horizon, false) AS held_back, e.* FROM ${HORIZON} AS h
         LEFT JOIN LATERAL (
           SELECT transaction_id AS position_xid, ${EVENT_COLUMNS} FROM es_events
            WHERE (transaction_id, global_position) > ($1::text::xid8, $2::bigint)
              AND transaction_id < h.horizon
            ORDER BY transaction_id, global_position
            LIMIT $3) AS e ON true
        ORDER BY e.position_xid, e.global_position`,
      [options.after.commit.toString(), options.after.prepare.toString(), options.maxCount],
    );
    const events = rows.filter((row) => row.global_position != null).map((row) => toRecorded(row as EventRow));
    return { events, heldBack: rows[0]?.held_back ?? false };
  }

  async anyOfTypesBetween(types: readonly string[], after: AllPosition, before: AllPosition): Promise<boolean | null> {
    // A range of es_events_type_order per type (with the types bound, the planner sees how rare
    // they are: measured on a million events, 0.04 ms); "held back" when a transaction that
    // began before `before`'s own is still running (it may append events that sort before it).
    const { rows } = await this.pool.query<{ held_back: boolean; found: boolean }>(
      `SELECT (SELECT horizon FROM ${HORIZON} AS h) <= $4::text::xid8 AS held_back,
              EXISTS (SELECT 1 FROM es_events
                       WHERE event_type = ANY($1::text[])
                         AND (transaction_id, global_position) > ($2::text::xid8, $3::bigint)
                         AND (transaction_id, global_position) < ($4::text::xid8, $5::bigint)) AS found`,
      [types, after.commit.toString(), after.prepare.toString(), before.commit.toString(), before.prepare.toString()],
    );
    const row = rows[0]!;
    return row.found ? true : row.held_back ? null : false;
  }

  async headPosition(): Promise<AllPosition> {
    const { rows } = await this.pool.query<{ commit_position: string; global_position: bigint }>(
      `SELECT transaction_id::text AS commit_position, global_position FROM es_events
        WHERE transaction_id < (SELECT horizon FROM ${HORIZON} AS h)
        ORDER BY transaction_id DESC, global_position DESC LIMIT 1`,
    );
    const row = rows[0];
    return row ? { commit: BigInt(row.commit_position), prepare: row.global_position } : START;
  }

  onAppended(listener: () => void): () => void {
    return this.listen('appended', listener);
  }

  /** Announcements from other processes only (with `sharedDatabaseUrl`; never without). */
  onAnnounced(listener: () => void): () => void {
    return this.listen('announced', listener);
  }

  private listen(what: 'appended' | 'announced', listener: () => void): () => void {
    if (this.listener && !this.listening) {
      this.listening = true;
      this.listener.start();
    }
    this.appended.on(what, listener);
    return () => this.appended.off(what, listener);
  }

  async ping(): Promise<void> {
    await this.pool.query('SELECT 1 FROM es_streams LIMIT 1');
  }

  async close(): Promise<void> {
    if (this.heldBackTimer) clearTimeout(this.heldBackTimer);
    await this.listener?.close();
    await this.notifier?.close();
    this.appended.removeAllListeners();
  }
}

/** A batch as es_append takes it. */
function payloadOf(events: readonly NewEvent[]): string {
  return JSON.stringify(
    events.map((event) => {
      const { eventId, ...rest } = event.metadata;
      return { event_id: eventId, type: event.type, data: event.data, metadata: rest };
    }),
  );
}

function toRecorded(row: EventRow): RecordedEvent {
  return {
    streamId: row.stream_id,
    streamVersion: row.stream_version,
    position: { commit: BigInt(row.commit_position), prepare: row.global_position },
    recordedAt: row.created_at.toISOString(),
    type: row.event_type,
    data: row.data,
    metadata: { eventId: row.event_id, ...row.metadata },
  };
}

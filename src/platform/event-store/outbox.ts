import { EventEmitter } from 'node:events';
import type pg from 'pg';

import type { SqlClient } from '../persistence/sql.js';
import { APPENDED_CHANNEL } from './append-notifications.js';
import type { EventStore, NewEvent } from './event-store.port.js';

const recorded = new EventEmitter().setMaxListeners(0);
const RELAY_TRANSACTION_EVENTS = 25;

/**
 * For state-based modules: records events in the caller's transaction, so the state change
 * and its events commit together. The relay moves them to the event store, where they start
 * jobs like any other event. Call `outboxCommitted()` after the commit for a prompt relay in
 * this process; a relay in another process hears the notification sent at the commit.
 */
export async function recordInOutbox(tx: SqlClient, streamId: string, events: readonly NewEvent[]): Promise<void> {
  await recordAllInOutbox(tx, [{ streamId, events }]);
}

/** Events of several streams in one insert, in the order given (a batch of leads, each on its own stream). */
export async function recordAllInOutbox(tx: SqlClient, streams: readonly { streamId: string; events: readonly NewEvent[] }[]): Promise<void> {
  const rows = streams.flatMap(({ streamId, events }) => events.map((event) => [streamId, JSON.stringify(event)] as const));
  if (rows.length === 0) return;
  await tx.query(
    'INSERT INTO outbox_events (stream_id, event) SELECT stream_id, event::jsonb FROM unnest($1::text[], $2::text[]) WITH ORDINALITY AS e(stream_id, event, n) ORDER BY n',
    [rows.map(([streamId]) => streamId), rows.map(([, event]) => event)],
  );
  await tx.query(`NOTIFY ${APPENDED_CHANNEL}`);
}

export function outboxCommitted(): void {
  recorded.emit('recorded');
}

/**
 * Appends outbox events to the event store in the order they were written, then marks them.
 * Appends are idempotent by event id, so a relay that dies between append and mark, or two
 * relays at once, store nothing twice.
 */
export class OutboxRelay {
  private running = false;
  private loop: Promise<void> = Promise.resolve();
  private wake: () => void = () => {};
  private pending = false;
  private stopListening: () => void = () => {};
  private readonly onRecorded = () => {
    this.pending = true;
    this.wake();
  };

  constructor(
    private readonly pool: pg.Pool,
    private readonly store: EventStore,
    private readonly options: { pollIntervalMs?: number; batchSize?: number; onError?: (error: unknown) => void } = {},
  ) {}

  start(): void {
    if (this.running) return;
    this.running = true;
    recorded.on('recorded', this.onRecorded);
    // The store's notifications also carry outbox writes of other processes; this process's
    // own writes say so through outboxCommitted(), and its appends are no outbox writes.
    this.stopListening = this.store.onAnnounced ? this.store.onAnnounced(this.onRecorded) : this.store.onAppended(this.onRecorded);
    this.loop = this.run();
  }

  async stop(): Promise<void> {
    this.running = false;
    recorded.off('recorded', this.onRecorded);
    this.stopListening();
    this.wake();
    await this.loop;
  }

  /** Relays everything pending now; returns how many events it moved. */
  async relayPending(): Promise<number> {
    const { rows } = await this.pool.query<{ position: bigint; stream_id: string; event: NewEvent }>(
      'SELECT position, stream_id, event FROM outbox_events WHERE relayed_at IS NULL ORDER BY position LIMIT $1',
      [this.options.batchSize ?? 200],
    );
    if (rows.length === 0) return 0;
    if (!(await this.relayAtOnce(rows))) {
      for (const row of rows) await this.store.append(row.stream_id, [row.event], { expectedVersion: 'any' });
    }
    // Rows locked in the outbox order: relays marking overlapping batches at once never deadlock.
    await this.pool.query(
      `UPDATE outbox_events SET relayed_at = now() WHERE position IN (
         SELECT position FROM outbox_events WHERE position = ANY($1::bigint[]) AND relayed_at IS NULL ORDER BY position FOR UPDATE)`,
      [rows.map((row) => row.position.toString())],
    );
    return rows.length;
  }

  /**
   * The whole batch in one transaction where the store can (in order, so the global order is
   * the outbox's). False when it cannot, or when another relay stored some of it at the same
   * moment: then each event goes on its own, and those already stored are recognised.
   */
  private async relayAtOnce(rows: readonly { stream_id: string; event: NewEvent }[]): Promise<boolean> {
    if (!this.store.appendInOrder || rows.length === 1) return false;
    try {
      // In short transactions: one open holds back from readers every event appended after it began.
      for (let i = 0; i < rows.length; i += RELAY_TRANSACTION_EVENTS) {
        await this.store.appendInOrder(rows.slice(i, i + RELAY_TRANSACTION_EVENTS).map((row) => ({ streamId: row.stream_id, events: [row.event] })));
      }
      return true;
    } catch {
      return false;
    }
  }

  private async run(): Promise<void> {
    while (this.running) {
      this.pending = false;
      let moved = 0;
      try {
        moved = await this.relayPending();
      } catch (error) {
        this.options.onError?.(error);
      }
      if (moved === 0 && !this.pending && this.running) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, this.options.pollIntervalMs ?? 1_000);
          this.wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
      }
    }
  }
}

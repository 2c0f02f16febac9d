import { setTimeout as delay } from 'node:timers/promises';
import pg from 'pg';

/** The PostgreSQL notification channel that appends (and outbox writes, which become appends) are announced on. */
export const APPENDED_CHANNEL = 'es_appended';

const MAX_RECONNECT_DELAY_MS = 5_000;
/** A burst of appends is announced at most once per this many milliseconds (the first at once). */
const NOTIFY_GAP_MS = 10;

/**
 * Announces committed appends to the other processes on this database. Not a NOTIFY inside
 * each append: PostgreSQL serialises the commits of notifying transactions, which halved
 * append throughput at 8 writers. Instead one NOTIFY of its own follows an append at once;
 * appends made while it is under way are covered by one more, NOTIFY_GAP_MS later. Each
 * announcement carries the announcing store's id, so its own listener can pass over it: that
 * store's readers were told at the append itself.
 */
export class AppendNotifier {
  private pending = false;
  private sending: Promise<void> | null = null;

  constructor(
    private readonly pool: pg.Pool,
    private readonly storeId: string,
  ) {}

  /** Call after an append has committed. */
  appended(): void {
    this.pending = true;
    this.sending ??= this.send();
  }

  async close(): Promise<void> {
    await this.sending;
  }

  private async send(): Promise<void> {
    while (this.pending) {
      this.pending = false;
      // A lost announcement only delays readers until their poll.
      await this.pool.query('SELECT pg_notify($1, $2)', [APPENDED_CHANNEL, this.storeId]).catch(() => {});
      await delay(NOTIFY_GAP_MS);
    }
    this.sending = null;
  }
}

/**
 * Hears the appends of every process on this database (PostgreSQL LISTEN/NOTIFY), so
 * subscribers elsewhere read at once instead of at their next poll. LISTEN needs a
 * connection of its own that stays open: a pooled one would be handed back and reused.
 * A dropped connection is opened again; since appends may have gone unheard meanwhile,
 * every (re)connection counts as a notification. Announcements from `ownStoreId` (this
 * process's own appends, already heard) are passed over; any other, including the bare
 * NOTIFY an outbox write sends, is heard.
 */
export class AppendListener {
  private client: pg.Client | null = null;
  private stopped = false;
  private failures = 0;
  private retryTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly connectionString: string,
    private readonly onAppended: () => void,
    private readonly ownStoreId: string | null = null,
  ) {}

  start(): void {
    this.stopped = false;
    void this.connect();
  }

  async close(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retryTimer);
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => {});
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({ connectionString: this.connectionString, application_name: 'portal-append-listener' });
    let lost = false;
    const onLost = () => {
      if (lost) return;
      lost = true;
      if (this.client === client) this.client = null;
      void client.end().catch(() => {});
      this.reconnectLater();
    };
    client.on('error', onLost);
    client.on('end', onLost);
    client.on('notification', (message) => {
      if (this.ownStoreId === null || message.payload !== this.ownStoreId) this.onAppended();
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${APPENDED_CHANNEL}`);
    } catch {
      onLost();
      return;
    }
    if (this.stopped || lost) {
      await client.end().catch(() => {});
      return;
    }
    this.client = client;
    this.failures = 0;
    this.onAppended();
  }

  private reconnectLater(): void {
    if (this.stopped) return;
    this.failures++;
    this.retryTimer = setTimeout(() => void this.connect(), Math.min(MAX_RECONNECT_DELAY_MS, 100 * 2 ** Math.min(this.failures, 6)));
  }
}

import type { PGlite } from '@electric-sql/pglite';

type Pending = {
  readonly handlerId: number;
  readonly message: Uint8Array;
  readonly onData: (data: Uint8Array) => void;
  readonly resolve: (bytes: number) => void;
  readonly reject: (error: unknown) => void;
};

const SYNC = 0x53; // 'S': ends an extended-protocol exchange (Parse/Bind/Execute ... Sync)
const QUERY = 0x51; // 'Q': a simple query is a whole exchange by itself
const TERMINATE = 0x58; // 'X'

/**
 * The message queue behind the PGlite socket server, replacing the package's own.
 * PGlite has one backend for all connections. The package's queue hands it messages one
 * at a time from whichever connection is next, so two clients' Parse/Bind/Execute
 * messages interleave and one client executes the other's statement. This queue gives
 * the backend to one connection from its first message to its Sync (or simple Query),
 * and keeps it there while that connection has a transaction open.
 */
export class ExchangeQueryQueue {
  private queue: Pending[] = [];
  private processing = false;
  /** The connection that owns the backend: mid-exchange or inside a transaction. */
  private owner: number | null = null;

  constructor(private readonly db: PGlite) {}

  enqueue(handlerId: number, message: Uint8Array, onData: (data: Uint8Array) => void): Promise<number> {
    return new Promise((resolve, reject) => {
      this.queue.push({ handlerId, message, onData, resolve, reject });
      void this.processQueue();
    });
  }

  getQueueLength(): number {
    return this.queue.length;
  }

  clearQueueForHandler(handlerId: number): void {
    this.queue = this.queue.filter((item) => {
      if (item.handlerId !== handlerId) return true;
      item.reject(new Error('Handler disconnected'));
      return false;
    });
  }

  async clearTransactionIfNeeded(handlerId: number): Promise<void> {
    if (this.owner !== handlerId) return;
    this.owner = null;
    if (this.db.isInTransaction()) await this.db.exec('ROLLBACK');
    await this.processQueue();
  }

  private async processQueue(): Promise<void> {
    if (this.processing) return;
    this.processing = true;
    try {
      for (;;) {
        const index = this.owner === null ? 0 : this.queue.findIndex((item) => item.handlerId === this.owner);
        if (index === -1 || this.queue.length === 0) return; // the owner's next message has not arrived yet
        const [item] = this.queue.splice(index, 1) as [Pending];
        let bytes = 0;
        try {
          await this.db.runExclusive(() =>
            this.db.execProtocolRawStream(item.message, {
              onRawData: (data: Uint8Array) => {
                bytes += data.length;
                item.onData(data);
              },
            }),
          );
        } catch (error) {
          this.owner = null;
          item.reject(error);
          continue;
        }
        const type = item.message[0];
        const exchangeOver = type === SYNC || type === QUERY || type === TERMINATE || isStartupMessage(item.message);
        this.owner = exchangeOver && !this.db.isInTransaction() ? null : item.handlerId;
        item.resolve(bytes);
      }
    } finally {
      this.processing = false;
    }
  }
}

/** Startup and SSL/cancel requests carry no type byte: they begin with their length. */
function isStartupMessage(message: Uint8Array): boolean {
  if (message.length < 8) return false;
  const length = new DataView(message.buffer, message.byteOffset, message.byteLength).getInt32(0);
  return length === message.length;
}

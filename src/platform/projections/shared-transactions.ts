import type pg from 'pg';

import type { SqlClient } from '../persistence/sql.js';

type Work<T> = (tx: SqlClient) => Promise<T>;
type Pending = { readonly work: Work<unknown>; readonly resolve: (value: unknown) => void; readonly reject: (error: unknown) => void };

/**
 * Runs the work that subscribers hand in at about the same moment (those woken by one append,
 * reading one shared batch) in one transaction, each inside a savepoint of its own: a failing
 * one is rolled back alone and rejected, the others commit together. Each commit is a disk
 * flush and a moment that holds back readers of the store, so one for all subscribers instead
 * of one each is what keeps the read side's cost per event low. Work handed in while a
 * transaction is running waits for the next one; at most `maxPerTransaction` share one.
 */
export class SharedTransactions {
  private waiting: Pending[] = [];
  private scheduled = false;
  private transactions = 0;

  constructor(
    private readonly pool: pg.Pool,
    private readonly maxPerTransaction = 32,
  ) {}

  /** Transactions committed or attempted so far (tests read it). */
  get count(): number {
    return this.transactions;
  }

  run<T>(work: Work<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.waiting.push({ work, resolve: resolve as (value: unknown) => void, reject });
      if (!this.scheduled) {
        this.scheduled = true;
        // After the current turn of the event loop: the other subscribers woken with this one hand theirs in first.
        setImmediate(() => void this.flush());
      }
    });
  }

  private async flush(): Promise<void> {
    const batch = this.waiting.splice(0, this.maxPerTransaction);
    if (this.waiting.length > 0) setImmediate(() => void this.flush());
    else this.scheduled = false;
    if (batch.length === 0) return;
    this.transactions++;
    let client: pg.PoolClient;
    try {
      client = await this.pool.connect();
    } catch (error) {
      for (const pending of batch) pending.reject(error);
      return;
    }
    const settled: { pending: Pending; ok: boolean; value: unknown }[] = [];
    try {
      await client.query('BEGIN');
      const alone = batch.length === 1;
      for (const pending of batch) {
        if (!alone) await client.query('SAVEPOINT subscriber');
        try {
          const value = await pending.work(client);
          if (!alone) await client.query('RELEASE SAVEPOINT subscriber');
          settled.push({ pending, ok: true, value });
        } catch (error) {
          if (alone) throw error;
          await client.query('ROLLBACK TO SAVEPOINT subscriber');
          settled.push({ pending, ok: false, value: error });
        }
      }
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK').catch(() => {});
      client.release();
      // Nothing committed: every piece of work fails, each with its own error or the one that ended the transaction.
      for (const pending of batch) pending.reject(settled.find((done) => done.pending === pending && !done.ok)?.value ?? error);
      return;
    }
    client.release();
    for (const { pending, ok, value } of settled) (ok ? pending.resolve : pending.reject)(value);
  }
}

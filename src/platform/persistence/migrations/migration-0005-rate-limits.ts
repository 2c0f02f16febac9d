import { Migration } from '@mikro-orm/migrations';

/** Fixed-window counters for rate limits when there is no Redis. */
export class Migration0005RateLimits extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      CREATE TABLE rate_limit_counters (
        key text NOT NULL,
        window_start timestamptz NOT NULL,
        hits int NOT NULL,
        PRIMARY KEY (key, window_start)
      )`);
  }
}

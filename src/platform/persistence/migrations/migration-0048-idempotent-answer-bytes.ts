import { Migration } from '@mikro-orm/migrations';

/**
 * A kept answer is its JSON text as first sent: jsonb reorders an object's keys (shortest
 * first), so an answer replayed from it was not byte-for-byte the first one.
 */
export class Migration0048IdempotentAnswerBytes extends Migration {
  override async up(): Promise<void> {
    this.addSql(`ALTER TABLE idempotency_keys ALTER COLUMN body TYPE text USING body::text`);
  }
}

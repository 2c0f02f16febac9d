import { Migration } from '@mikro-orm/migrations';

/**
 * The secondary indexes a read model's rebuild dropped, to build once its rows are in (bulk,
 * several times faster than row by row). Kept in the same transaction that drops them, so a
 * rebuild that dies half way leaves the list, and the next start of a runner builds them.
 */
export class Migration0057DeferredIndexes extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      CREATE TABLE projection_deferred_indexes (
        subscriber text NOT NULL,
        index_name text NOT NULL,
        definition text NOT NULL,
        PRIMARY KEY (subscriber, index_name)
      )`);
  }
}

import { Migration } from '@mikro-orm/migrations';

/**
 * Events of a type in the global order: "has a read model applied every event of these types
 * before this one?" is then a short range of this index, not a read of every event since the
 * read model's checkpoint. It replaces the index on the type alone, which it also serves.
 * Built in the migrations' transaction, so appends wait while it builds (3 s for a million
 * events here): fine for today's stores; a store of many millions would want it built
 * CONCURRENTLY ahead of the release instead.
 */
export class Migration0071EventsByTypeInOrder extends Migration {
  override async up(): Promise<void> {
    this.addSql(`CREATE INDEX es_events_type_order ON es_events (event_type, transaction_id, global_position)`);
    this.addSql(`DROP INDEX es_events_type`);
  }
}

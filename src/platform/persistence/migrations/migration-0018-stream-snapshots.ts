import { Migration } from '@mikro-orm/migrations';

/**
 * A stream's folded state at a version, so deciding does not replay a long history. A cache:
 * rebuildable from the stream, named by the decider's state version so a changed fold never
 * reads an old shape.
 */
export class Migration0018StreamSnapshots extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      CREATE TABLE stream_snapshots (
        stream_id text NOT NULL,
        name text NOT NULL,
        version bigint NOT NULL,
        state jsonb NOT NULL,
        taken_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (stream_id, name)
      )`);
  }
}

import { Migration } from '@mikro-orm/migrations';

/** Events of state-based modules, written in the same transaction as their state, waiting to be relayed to the event store. */
export class Migration0004Outbox extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      CREATE TABLE outbox_events (
        position bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        stream_id text NOT NULL,
        event jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        relayed_at timestamptz
      )`);
    this.addSql(`CREATE INDEX outbox_events_pending ON outbox_events (position) WHERE relayed_at IS NULL`);
  }
}

import { Migration } from '@mikro-orm/migrations';

/**
 * The read horizon of the event store (postgres-event-store.ts): events of transactions below it
 * are all committed or never will be. The snapshot's xmin is such a bound, but it counts every
 * database of the server, so a long transaction in another database paused every read model.
 * When an event sits at or above xmin, the bound is the oldest running transaction not known to
 * be another database's: pg_stat_activity and pg_prepared_xacts name each one's database, and a
 * backend works in one database only. One they do not show (it ended after the snapshot, or the
 * role may not see other users' sessions: grant it pg_read_all_stats) still holds readers back,
 * so the bound errs only that way. PL/pgSQL keeps the plan: planning the two views in every
 * read cost more than the read.
 */
export class Migration0075ReadHorizon extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      CREATE FUNCTION es_read_horizon(snapshot pg_snapshot, newest xid8) RETURNS xid8
      LANGUAGE plpgsql STABLE AS $$
      BEGIN
        IF newest IS NULL OR newest < pg_snapshot_xmin(snapshot) THEN
          RETURN pg_snapshot_xmin(snapshot);
        END IF;
        RETURN coalesce(
          (SELECT min(running.xid) FROM pg_snapshot_xip(snapshot) AS running(xid)
            WHERE NOT EXISTS (SELECT 1 FROM pg_stat_activity AS backend
                               WHERE backend.backend_xid = running.xid::xid AND backend.datname <> current_database())
              AND NOT EXISTS (SELECT 1 FROM pg_prepared_xacts AS prepared
                               WHERE prepared.transaction = running.xid::xid AND prepared.database <> current_database())),
          pg_snapshot_xmax(snapshot));
      END $$`);
  }
}

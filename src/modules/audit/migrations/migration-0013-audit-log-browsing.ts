import { Migration } from '@mikro-orm/migrations';

/**
 * The admin Audit page: each event's data beside its row, and an index per filter so every
 * page is a keyset range (newest first, by time then event id), never an OFFSET or a count.
 * The read model is replayed to fill the data of the rows it already had.
 */
export class Migration0013AuditLogBrowsing extends Migration {
  override async up(): Promise<void> {
    this.addSql(`TRUNCATE rm_audit_log`);
    this.addSql(`UPDATE es_checkpoints SET commit_position = 0, prepare_position = 0, updated_at = now() WHERE subscriber = 'audit-log'`);
    this.addSql(`ALTER TABLE rm_audit_log ADD COLUMN data jsonb NOT NULL`);
    this.addSql(`DROP INDEX rm_audit_log_actor`);
    this.addSql(`CREATE INDEX rm_audit_log_time ON rm_audit_log (occurred_at DESC, event_id DESC)`);
    this.addSql(`CREATE INDEX rm_audit_log_actor_time ON rm_audit_log (actor_id, occurred_at DESC, event_id DESC)`);
    this.addSql(`CREATE INDEX rm_audit_log_type_time ON rm_audit_log (event_type, occurred_at DESC, event_id DESC)`);
    this.addSql(`CREATE INDEX rm_audit_log_stream_time ON rm_audit_log (stream_id, occurred_at DESC, event_id DESC)`);
    this.addSql(`CREATE INDEX rm_audit_log_stream_type_time ON rm_audit_log (stream_type, occurred_at DESC, event_id DESC)`);
  }
}

import { Migration } from '@mikro-orm/migrations';

/** Read model: every stored event with who caused it, for the audit views. */
export class Migration0002AuditLog extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      CREATE TABLE rm_audit_log (
        event_id uuid PRIMARY KEY,
        stream_id text NOT NULL,
        stream_type text NOT NULL,
        stream_version bigint NOT NULL,
        event_type text NOT NULL,
        actor_type text NOT NULL,
        actor_id text NOT NULL,
        correlation_id text NOT NULL,
        causation_id text,
        occurred_at timestamptz NOT NULL,
        recorded_at timestamptz NOT NULL,
        commit_position numeric(20, 0) NOT NULL,
        prepare_position numeric(20, 0) NOT NULL
      )`);
    this.addSql(`CREATE INDEX rm_audit_log_stream ON rm_audit_log (stream_id, stream_version)`);
    this.addSql(`CREATE INDEX rm_audit_log_actor ON rm_audit_log (actor_id, occurred_at DESC)`);
    this.addSql(`CREATE INDEX rm_audit_log_correlation ON rm_audit_log (correlation_id)`);
    this.addSql(`CREATE INDEX rm_audit_log_order ON rm_audit_log (commit_position DESC, prepare_position DESC)`);
  }
}

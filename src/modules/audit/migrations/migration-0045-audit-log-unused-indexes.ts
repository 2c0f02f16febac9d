import { Migration } from '@mikro-orm/migrations';

/**
 * Two indexes no query uses since the audit page reads by time (the stream filter uses
 * rm_audit_log_stream_time, the correlation chain rm_audit_log_correlation): every event
 * written to the log paid for them, a rebuild most of all.
 */
export class Migration0045AuditLogUnusedIndexes extends Migration {
  override async up(): Promise<void> {
    this.addSql(`DROP INDEX IF EXISTS rm_audit_log_stream`);
    this.addSql(`DROP INDEX IF EXISTS rm_audit_log_order`);
  }
}

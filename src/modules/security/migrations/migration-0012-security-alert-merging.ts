import { Migration } from '@mikro-orm/migrations';

/**
 * One active alert per type and subject: later events join it (count, last seen) instead of
 * raising another. Repeats raised before this are closed, keeping the newest one active.
 */
export class Migration0012SecurityAlertMerging extends Migration {
  override async up(): Promise<void> {
    this.addSql(`ALTER TABLE security_alerts ADD COLUMN subject text, ADD COLUMN last_seen_at timestamptz`);
    this.addSql(`
      UPDATE security_alerts
         SET subject = CASE WHEN user_id IS NOT NULL THEN 'user:' || user_id ELSE 'ip:' || coalesce(ip_address, 'unknown') END,
             last_seen_at = created_at`);
    this.addSql(`
      UPDATE security_alerts a
         SET status = 'resolved', note = coalesce(a.note, 'Closed as a repeat of a newer alert for the same subject.'), updated_at = now()
       WHERE a.status = 'active'
         AND EXISTS (SELECT 1 FROM security_alerts b
                      WHERE b.status = 'active' AND b.alert_type = a.alert_type AND b.subject = a.subject
                        AND (b.created_at, b.alert_id) > (a.created_at, a.alert_id))`);
    this.addSql(`ALTER TABLE security_alerts ALTER COLUMN subject SET NOT NULL, ALTER COLUMN last_seen_at SET NOT NULL`);
    this.addSql(`CREATE UNIQUE INDEX security_alerts_one_active ON security_alerts (alert_type, subject) WHERE status = 'active'`);
  }
}

import { Migration } from '@mikro-orm/migrations';

/** Sliding windows of recent security events per subject, and the alerts they raise. */
export class Migration0008SecurityAlerts extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      CREATE TABLE security_alert_windows (
        event_id uuid NOT NULL,
        subject text NOT NULL,
        event_type text NOT NULL,
        occurred_at timestamptz NOT NULL,
        PRIMARY KEY (event_id, subject)
      )`);
    this.addSql(`CREATE INDEX security_alert_windows_key ON security_alert_windows (subject, event_type, occurred_at)`);
    this.addSql(`
      CREATE TABLE security_alerts (
        alert_id uuid PRIMARY KEY,
        alert_type text NOT NULL,
        severity text NOT NULL DEFAULT 'high',
        user_id text,
        ip_address text,
        event_count int NOT NULL,
        details jsonb NOT NULL,
        status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'acknowledged', 'resolved')),
        note text,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    this.addSql(`CREATE INDEX security_alerts_active ON security_alerts (status, created_at DESC)`);
  }
}

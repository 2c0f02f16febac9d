import { Migration } from '@mikro-orm/migrations';

/** Read model: security events for the admin Security page. */
export class Migration0007SecurityEvents extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      CREATE TABLE rm_security_events (
        event_id uuid PRIMARY KEY,
        event_type text NOT NULL,
        severity text NOT NULL,
        user_id text,
        ip_address text,
        user_agent text,
        details jsonb NOT NULL,
        created_at timestamptz NOT NULL
      )`);
    this.addSql(`CREATE INDEX rm_security_events_recent ON rm_security_events (created_at DESC)`);
    this.addSql(`CREATE INDEX rm_security_events_user ON rm_security_events (user_id, created_at DESC)`);
    this.addSql(`CREATE INDEX rm_security_events_ip ON rm_security_events (ip_address, created_at DESC)`);
  }
}

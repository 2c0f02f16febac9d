import { Migration } from '@mikro-orm/migrations';

/**
 * Alert mails grouped per type and window: the first alert of a type in a window is mailed at
 * once (its row here names it), the later ones together in one mail when the window ends.
 */
export class Migration0073SecurityAlertMailWindows extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      CREATE TABLE security_alert_mail_windows (
        alert_type text NOT NULL,
        window_start timestamptz NOT NULL,
        first_alert_id uuid NOT NULL,
        PRIMARY KEY (alert_type, window_start)
      )`);
  }
}

import { Migration } from '@mikro-orm/migrations';

/** Addresses admins allow to sign up besides the company domains (APPROVED_EMAILS adds more). */
export class Migration0010ApprovedEmails extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      CREATE TABLE approved_emails (
        email text PRIMARY KEY CHECK (email = lower(email)),
        added_by uuid REFERENCES users (id) ON DELETE SET NULL,
        added_at timestamptz NOT NULL DEFAULT now()
      )`);
  }
}

import { Migration } from '@mikro-orm/migrations';

/**
 * What other modules may read of the accounts, for queries that join, sort, search or page by
 * them (a group's members by name, the finance wallets list): identity's public view, read-only
 * by convention. The planner inlines it, so a query pays only for the columns it names.
 */
export class Migration0046UserDirectory extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      CREATE VIEW user_directory AS
      SELECT u.id, u.email, p.display_name, u.disabled_at IS NOT NULL AS disabled, p.timezone,
             EXISTS (SELECT 1 FROM user_roles r WHERE r.user_id = u.id AND r.role = 'admin') AS is_admin,
             EXISTS (SELECT 1 FROM user_roles r WHERE r.user_id = u.id AND r.role = 'finance') AS is_finance
        FROM users u LEFT JOIN profiles p ON p.user_id = u.id`);
  }
}

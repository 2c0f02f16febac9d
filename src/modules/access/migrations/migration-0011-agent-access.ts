import { Migration } from '@mikro-orm/migrations';

/** Read model: each agent's elevated access as last granted or revoked. */
export class Migration0011AgentAccess extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      CREATE TABLE rm_agent_access (
        user_id uuid PRIMARY KEY,
        elevated_until timestamptz,
        changed_at timestamptz NOT NULL
      )`);
  }
}

import { Migration } from '@mikro-orm/migrations';

/** Groups: an agent's teams for leads, kept on the server (the old product kept them in the browser). */
export class Migration0030Groups extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      CREATE TABLE agent_groups (
        group_id uuid PRIMARY KEY,
        owner_id uuid NOT NULL,
        name text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    this.addSql(`CREATE UNIQUE INDEX agent_groups_name ON agent_groups (owner_id, lower(name))`);
    this.addSql(`
      CREATE TABLE agent_group_members (
        group_id uuid NOT NULL REFERENCES agent_groups (group_id) ON DELETE CASCADE,
        member_id uuid NOT NULL,
        added_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (group_id, member_id)
      )`);
  }
}

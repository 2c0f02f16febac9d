import { Migration } from '@mikro-orm/migrations';

/** Read model: help requests for the agent's My Support Tickets and the admins' dashboard (filters by status and priority, newest first). */
export class Migration0054Tickets extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      CREATE TABLE rm_tickets (
        ticket_id uuid PRIMARY KEY,
        user_id uuid NOT NULL,
        system_program text NOT NULL,
        priority text NOT NULL,
        status text NOT NULL,
        concern text NOT NULL,
        admin_notes text NOT NULL DEFAULT '',
        files jsonb NOT NULL DEFAULT '[]',
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL
      )`);
    this.addSql('CREATE INDEX rm_tickets_user ON rm_tickets (user_id, created_at DESC)');
    this.addSql('CREATE INDEX rm_tickets_created ON rm_tickets (created_at DESC, ticket_id DESC)');
  }
}

import { Migration } from '@mikro-orm/migrations';

/**
 * Read model: a ticket's conversation (public replies and admins' internal notes, each with its
 * files), its assignee, whether it waits on the agent, and its SLA clocks as its last event left
 * them (`sla`), with the next deadline and its warning time for the Overdue view and the warnings.
 */
export class Migration0058TicketConversation extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      ALTER TABLE rm_tickets
        ADD COLUMN assignee_id uuid,
        ADD COLUMN waiting_on_agent boolean NOT NULL DEFAULT false,
        ADD COLUMN last_reply_side text CHECK (last_reply_side IN ('agent', 'admin')),
        ADD COLUMN last_reply_at timestamptz,
        ADD COLUMN sla jsonb,
        ADD COLUMN sla_due_at timestamptz,
        ADD COLUMN sla_warn_at timestamptz,
        ADD COLUMN sla_warned_due_at timestamptz`);
    this.addSql('CREATE INDEX rm_tickets_sla_due ON rm_tickets (sla_due_at) WHERE sla_due_at IS NOT NULL');
    this.addSql('CREATE INDEX rm_tickets_sla_warn ON rm_tickets (sla_warn_at) WHERE sla_warn_at IS NOT NULL');
    this.addSql('CREATE INDEX rm_tickets_assignee ON rm_tickets (assignee_id, created_at DESC, ticket_id DESC)');
    this.addSql(`
      CREATE TABLE rm_ticket_messages (
        message_id uuid PRIMARY KEY,
        ticket_id uuid NOT NULL,
        kind text NOT NULL CHECK (kind IN ('reply', 'note')),
        author_id uuid NOT NULL,
        side text NOT NULL CHECK (side IN ('agent', 'admin')),
        body text NOT NULL,
        asks_agent boolean NOT NULL DEFAULT false,
        files jsonb NOT NULL DEFAULT '[]',
        created_at timestamptz NOT NULL
      )`);
    this.addSql('CREATE INDEX rm_ticket_messages_ticket ON rm_ticket_messages (ticket_id, created_at, message_id)');
  }
}

import { Migration } from '@mikro-orm/migrations';

/**
 * Full-text search over help requests: a request's concern and admin notes, and each message of
 * its conversation (replies, and internal notes, which only admins' searches read), each with
 * its words kept by PostgreSQL beside the text (English stemming) under a GIN index.
 */
export class Migration0060TicketSearch extends Migration {
  override async up(): Promise<void> {
    this.addSql(`ALTER TABLE rm_tickets ADD COLUMN search tsvector GENERATED ALWAYS AS (to_tsvector('english', concern || ' ' || admin_notes)) STORED`);
    this.addSql('CREATE INDEX rm_tickets_search ON rm_tickets USING gin (search)');
    this.addSql(`ALTER TABLE rm_ticket_messages ADD COLUMN search tsvector GENERATED ALWAYS AS (to_tsvector('english', body)) STORED`);
    this.addSql('CREATE INDEX rm_ticket_messages_search ON rm_ticket_messages USING gin (search)');
  }
}

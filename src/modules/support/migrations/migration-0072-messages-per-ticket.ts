import { Migration } from '@mikro-orm/migrations';

/**
 * A message is named within its ticket: the client chooses a reply's or a note's id (so a retry
 * is the same message), and the same id on another ticket is another message, never that one.
 */
export class Migration0072MessagesPerTicket extends Migration {
  override async up(): Promise<void> {
    this.addSql('ALTER TABLE rm_ticket_messages DROP CONSTRAINT rm_ticket_messages_pkey');
    this.addSql('ALTER TABLE rm_ticket_messages ADD PRIMARY KEY (ticket_id, message_id)');
  }
}

import { Migration } from '@mikro-orm/migrations';

/** The item a help request was opened from ('Report a problem' on a wallet entry, a lead or a delivery): kind, id and label. */
export class Migration0061TicketReferences extends Migration {
  override async up(): Promise<void> {
    this.addSql('ALTER TABLE rm_tickets ADD COLUMN reference jsonb');
  }
}

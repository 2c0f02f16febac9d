import { Migration } from '@mikro-orm/migrations';

/** The help request an admin started a return from, so the returns list links to it. */
export class Migration0062LeadReturnTickets extends Migration {
  override async up(): Promise<void> {
    this.addSql('ALTER TABLE rm_lead_returns ADD COLUMN ticket_id uuid');
  }
}

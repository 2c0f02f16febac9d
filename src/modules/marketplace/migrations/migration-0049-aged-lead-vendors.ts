import { Migration } from '@mikro-orm/migrations';

/** Whether a vendor may post leads straight into the aged inventory (source aged_leads); otherwise only an admin's import or the ageing job puts them there. */
export class Migration0049AgedLeadVendors extends Migration {
  override async up(): Promise<void> {
    this.addSql(`ALTER TABLE lead_vendors ADD COLUMN sends_aged_leads boolean NOT NULL DEFAULT false`);
  }
}

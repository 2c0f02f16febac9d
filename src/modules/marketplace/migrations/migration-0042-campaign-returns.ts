import { Migration } from '@mikro-orm/migrations';

/**
 * Approved lead returns lower what a campaign spent (found by the new-user QA walk): the
 * campaigns read model keeps what was returned beside what its hold captured, and which
 * campaign each return request is for (the approval names the return, the request the campaign).
 */
export class Migration0042CampaignReturns extends Migration {
  override async up(): Promise<void> {
    this.addSql(`ALTER TABLE rm_campaigns ADD COLUMN returned_cents bigint NOT NULL DEFAULT 0`);
    this.addSql(`CREATE TABLE rm_campaign_returns (return_id uuid PRIMARY KEY, campaign_id uuid NOT NULL, approved boolean NOT NULL DEFAULT false)`);
  }
}

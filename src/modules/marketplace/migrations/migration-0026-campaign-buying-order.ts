import { Migration } from '@mikro-orm/migrations';

/** When each campaign last bought a lead: the allocator offers a lead to the campaign that waited longest. */
export class Migration0026CampaignBuyingOrder extends Migration {
  override async up(): Promise<void> {
    this.addSql(`ALTER TABLE rm_campaigns ADD COLUMN last_bought_at timestamptz`);
    this.addSql(`CREATE INDEX rm_campaigns_buying ON rm_campaigns (source, tier, last_bought_at NULLS FIRST, created_at) WHERE status = 'active'`);
  }
}

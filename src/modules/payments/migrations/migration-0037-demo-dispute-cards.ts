import { Migration } from '@mikro-orm/migrations';

/**
 * The demo provider's card that pays and is then disputed (4000 0000 0000 0259) can be saved
 * too: 0016 allowed only the other three behaviours, so saving it failed with a 500 (found by
 * the seeded simulation).
 */
export class Migration0037DemoDisputeCards extends Migration {
  override async up(): Promise<void> {
    this.addSql(`ALTER TABLE demo_pay_cards DROP CONSTRAINT demo_pay_cards_behaviour_check`);
    this.addSql(
      `ALTER TABLE demo_pay_cards ADD CONSTRAINT demo_pay_cards_behaviour_check CHECK (behaviour IN ('succeed', 'decline', 'authenticate', 'dispute'))`,
    );
  }
}

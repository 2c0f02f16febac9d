import { Migration } from '@mikro-orm/migrations';

/**
 * A profile's time zone is the agent's choice, or NULL when they have not chosen one: then the
 * organisation's (ORG_TIME_ZONE) applies, and follows it when it changes. Until now no code wrote
 * the column, so every 'UTC' in it is the old default, not a choice, and becomes NULL.
 */
export class Migration0063ChosenTimeZone extends Migration {
  override async up(): Promise<void> {
    this.addSql(`ALTER TABLE profiles ALTER COLUMN timezone DROP NOT NULL`);
    this.addSql(`ALTER TABLE profiles ALTER COLUMN timezone DROP DEFAULT`);
    this.addSql(`UPDATE profiles SET timezone = NULL`);
  }
}

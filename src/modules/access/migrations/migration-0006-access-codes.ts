import { Migration } from '@mikro-orm/migrations';

/** Read model: access codes as admins see them, and the lookup by code hash. */
export class Migration0006AccessCodes extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      CREATE TABLE rm_access_codes (
        code_id uuid PRIMARY KEY,
        code_hash text NOT NULL UNIQUE,
        label text NOT NULL,
        grants_hours int NOT NULL,
        expires_at timestamptz,
        max_uses int,
        uses int NOT NULL DEFAULT 0,
        disabled boolean NOT NULL DEFAULT false,
        created_by text NOT NULL,
        created_at timestamptz NOT NULL
      )`);
  }
}

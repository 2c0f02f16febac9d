import { Migration } from '@mikro-orm/migrations';

/**
 * What the organisation announces to every agent. Rows change in place (the module is
 * state-based; its events go through the outbox); a deleted announcement stays as a row with
 * is_active false, who deleted it and when. Shown while active, from publish_from (or its
 * creation) until expires_at (or for good).
 */
export class Migration0064Announcements extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      CREATE TABLE announcements (
        id uuid PRIMARY KEY,
        title text NOT NULL CHECK (btrim(title) <> ''),
        content text NOT NULL CHECK (btrim(content) <> ''),
        is_active boolean NOT NULL DEFAULT true,
        publish_from timestamptz,
        expires_at timestamptz,
        created_by uuid NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_by uuid,
        updated_at timestamptz NOT NULL DEFAULT now(),
        deleted_by uuid,
        deleted_at timestamptz,
        CONSTRAINT announcements_window CHECK (expires_at IS NULL OR publish_from IS NULL OR expires_at > publish_from)
      )`);
    this.addSql(`CREATE INDEX announcements_shown ON announcements ((coalesce(publish_from, created_at)) DESC) WHERE is_active`);
  }
}

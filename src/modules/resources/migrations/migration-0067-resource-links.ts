import { Migration } from '@mikro-orm/migrations';

/**
 * The Resources page's cards, edited by admins. Rows change in place (state-based; events go
 * through the outbox). Cards from web/src/content/resources.json keep their ids from that file,
 * so a start adds the cards the file gained and never brings back or overwrites what an admin
 * changed; admins' own cards get a uuid. A hidden card stays, not shown to agents.
 */
export class Migration0067ResourceLinks extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      CREATE TABLE resource_links (
        id text PRIMARY KEY CHECK (id ~ '^[a-z0-9][a-z0-9-]{0,79}$'),
        tab text NOT NULL CHECK (tab IN ('Essential Tools', 'Meetings & Scheduling', 'Lead Management', 'Support & Guides',
                                         'Events & Incentives', 'Lion Share', 'Additional Resources')),
        position integer NOT NULL,
        title text NOT NULL CHECK (btrim(title) <> ''),
        description text NOT NULL,
        emoji text NOT NULL,
        action text NOT NULL DEFAULT 'link' CHECK (action IN ('link', 'help-request')),
        url text CHECK (url IS NULL OR url ~ '^(https?://|/[^/])'),
        hidden boolean NOT NULL DEFAULT false,
        created_by text NOT NULL,
        created_at timestamptz NOT NULL,
        updated_by text,
        updated_at timestamptz NOT NULL,
        CONSTRAINT resource_links_link_has_url CHECK (action <> 'link' OR url IS NOT NULL)
      )`);
    this.addSql('CREATE INDEX resource_links_order ON resource_links (tab, position)');
  }
}

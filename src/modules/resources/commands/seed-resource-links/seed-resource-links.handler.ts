import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type pg from 'pg';

import { outboxCommitted } from '../../../../platform/event-store/outbox.js';
import { inTransaction } from '../../../../platform/persistence/sql.js';
import { SQL_POOL } from '../../../../platform/tokens.js';
import type { ResourceLinkCreated } from '../../contracts/resource-links.js';
import { endsOfTabs, lockResourceOrder, recordResourceEvents } from '../../services/resource-links.js';
import { SeedResourceLinks } from './seed-resource-links.command.js';

/**
 * Adds each card of the seed whose id is not stored, at the end of its tab, with
 * ResourceLinkCreated (the seed as actor). A card an admin edited, moved or hid keeps what the
 * admin did: the seed never changes a stored card. Two processes starting at once add each card once.
 */
@CommandHandler(SeedResourceLinks)
export class SeedResourceLinksHandler implements ICommandHandler<SeedResourceLinks, { added: number }> {
  constructor(@Inject(SQL_POOL) private readonly pool: pg.Pool) {}

  async execute({ input, context }: SeedResourceLinks): Promise<{ added: number }> {
    // A handful of statements whatever the seed's size: a start waits on them.
    const added = await inTransaction(this.pool, async (tx) => {
      await lockResourceOrder(tx);
      const { rows } = await tx.query<{ id: string }>('SELECT id FROM resource_links WHERE id = ANY($1::text[])', [input.resources.map((r) => r.id)]);
      const stored = new Set(rows.map((row) => row.id));
      const missing = input.resources.filter((resource) => !stored.has(resource.id));
      if (missing.length === 0) return 0;
      const nextPosition = await endsOfTabs(tx);
      const cards = missing.map(({ id: resourceId, ...seed }) => {
        const position = nextPosition.get(seed.tab) ?? 0;
        nextPosition.set(seed.tab, position + 1);
        return { resourceId, position, fields: { ...seed, url: seed.action === 'link' ? seed.url : null, hidden: false } };
      });
      await tx.query(
        `INSERT INTO resource_links (id, tab, position, title, description, emoji, action, url, hidden, created_by, created_at, updated_at)
         SELECT card.id, card.tab, card.position, card.title, card.description, card.emoji, card.action, card.url, false, $2, $3, $3
           FROM jsonb_to_recordset($1::jsonb)
             AS card(id text, tab text, position integer, title text, description text, emoji text, action text, url text)`,
        [JSON.stringify(cards.map(({ resourceId, position, fields }) => ({ ...fields, id: resourceId, position }))), context.actor.id, context.now],
      );
      await recordResourceEvents<ResourceLinkCreated>(
        tx,
        'ResourceLinkCreated',
        cards.map(({ resourceId, fields }) => ({ resourceId, ...fields })),
        context,
      );
      return cards.length;
    });
    if (added > 0) outboxCommitted();
    return { added };
  }
}

import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type pg from 'pg';

import { outboxCommitted } from '../../../../platform/event-store/outbox.js';
import { inTransaction } from '../../../../platform/persistence/sql.js';
import { SQL_POOL } from '../../../../platform/tokens.js';
import type { ResourceLinkCreated } from '../../contracts/resource-links.js';
import { endOfTab, lockResourceOrder, recordResourceEvent } from '../../services/resource-links.js';
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
    const added = await inTransaction(this.pool, async (tx) => {
      await lockResourceOrder(tx);
      const { rows } = await tx.query<{ id: string }>('SELECT id FROM resource_links WHERE id = ANY($1::text[])', [input.resources.map((r) => r.id)]);
      const stored = new Set(rows.map((row) => row.id));
      let count = 0;
      for (const { id: resourceId, ...seed } of input.resources) {
        if (stored.has(resourceId)) continue;
        const fields = { ...seed, url: seed.action === 'link' ? seed.url : null, hidden: false };
        await tx.query(
          `INSERT INTO resource_links (id, tab, position, title, description, emoji, action, url, hidden, created_by, created_at, updated_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, false, $9, $10, $10)`,
          [
            resourceId,
            fields.tab,
            await endOfTab(tx, fields.tab),
            fields.title,
            fields.description,
            fields.emoji,
            fields.action,
            fields.url,
            context.actor.id,
            context.now,
          ],
        );
        await recordResourceEvent<ResourceLinkCreated>(tx, 'ResourceLinkCreated', { resourceId, ...fields }, context);
        count++;
      }
      return count;
    });
    if (added > 0) outboxCommitted();
    return { added };
  }
}

import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type pg from 'pg';

import { outboxCommitted } from '../../../../platform/event-store/outbox.js';
import { inTransaction } from '../../../../platform/persistence/sql.js';
import { SQL_POOL } from '../../../../platform/tokens.js';
import type { ResourceLinkCreated } from '../../contracts/resource-links.js';
import { endOfTab, lockResourceOrder, recordResourceEvent } from '../../services/resource-links.js';
import { CreateResourceLink } from './create-resource-link.command.js';

/** Inserts the card at the end of its tab with ResourceLinkCreated; a repeated id (a retried request) changes nothing. */
@CommandHandler(CreateResourceLink)
export class CreateResourceLinkHandler implements ICommandHandler<CreateResourceLink, { resourceId: string }> {
  constructor(@Inject(SQL_POOL) private readonly pool: pg.Pool) {}

  async execute({ input, context }: CreateResourceLink): Promise<{ resourceId: string }> {
    const { resourceId, ...fields } = input;
    const created = await inTransaction(this.pool, async (tx) => {
      await lockResourceOrder(tx);
      const position = await endOfTab(tx, fields.tab);
      const { rowCount } = await tx.query(
        `INSERT INTO resource_links (id, tab, position, title, description, emoji, action, url, hidden, created_by, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $11) ON CONFLICT (id) DO NOTHING`,
        [
          resourceId,
          fields.tab,
          position,
          fields.title,
          fields.description,
          fields.emoji,
          fields.action,
          fields.url,
          fields.hidden,
          context.actor.id,
          context.now,
        ],
      );
      if (!rowCount) return false;
      await recordResourceEvent<ResourceLinkCreated>(tx, 'ResourceLinkCreated', { resourceId, ...fields }, context);
      return true;
    });
    if (created) outboxCommitted();
    return { resourceId };
  }
}

import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type pg from 'pg';

import { outboxCommitted } from '../../../../platform/event-store/outbox.js';
import { ApiError } from '../../../../platform/http/api-error.js';
import { inTransaction } from '../../../../platform/persistence/sql.js';
import { SQL_POOL } from '../../../../platform/tokens.js';
import type { ResourceLinkMoved } from '../../contracts/resource-links.js';
import { lockResourceOrder, recordResourceEvent, RESOURCE_NOT_FOUND } from '../../services/resource-links.js';
import { MoveResourceLink } from './move-resource-link.command.js';

/**
 * Puts the card at the wanted place of the tab (past the end means last) and numbers that tab's
 * cards 0, 1, 2… again, under the order lock, with ResourceLinkMoved; a card already there records nothing.
 */
@CommandHandler(MoveResourceLink)
export class MoveResourceLinkHandler implements ICommandHandler<MoveResourceLink, { position: number }> {
  constructor(@Inject(SQL_POOL) private readonly pool: pg.Pool) {}

  async execute({ input: { resourceId, tab, index }, context }: MoveResourceLink): Promise<{ position: number }> {
    const result = await inTransaction(this.pool, async (tx) => {
      await lockResourceOrder(tx);
      const { rows: found } = await tx.query<{ tab: string }>('SELECT tab FROM resource_links WHERE id = $1', [resourceId]);
      if (!found[0]) throw new ApiError(404, 'RESOURCE_NOT_FOUND', RESOURCE_NOT_FOUND);
      const { rows } = await tx.query<{ id: string }>('SELECT id FROM resource_links WHERE tab = $1 ORDER BY position, id', [tab]);
      const current = rows.map((row) => row.id);
      const others = current.filter((id) => id !== resourceId);
      const position = Math.min(index, others.length);
      const order = [...others.slice(0, position), resourceId, ...others.slice(position)];
      if (found[0].tab === tab && order.join() === current.join()) return { position, moved: false };
      await tx.query(
        `UPDATE resource_links SET tab = $1, position = o.n - 1, updated_by = CASE WHEN id = $3 THEN $4 ELSE updated_by END,
                updated_at = CASE WHEN id = $3 THEN $5 ELSE updated_at END
           FROM unnest($2::text[]) WITH ORDINALITY AS o(rid, n) WHERE resource_links.id = o.rid`,
        [tab, order, resourceId, context.actor.id, context.now],
      );
      await recordResourceEvent<ResourceLinkMoved>(tx, 'ResourceLinkMoved', { resourceId, tab, position }, context);
      return { position, moved: true };
    });
    if (result.moved) outboxCommitted();
    return { position: result.position };
  }
}

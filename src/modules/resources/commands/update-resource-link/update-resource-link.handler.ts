import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type pg from 'pg';

import { outboxCommitted } from '../../../../platform/event-store/outbox.js';
import { ApiError } from '../../../../platform/http/api-error.js';
import { inTransaction } from '../../../../platform/persistence/sql.js';
import { SQL_POOL } from '../../../../platform/tokens.js';
import type { ResourceLinkUpdated } from '../../contracts/resource-links.js';
import type { ResourceLinkView } from '../../contracts/resource-tabs.js';
import { endOfTab, fieldsOf, lockResourceOrder, recordResourceEvent, RESOURCE_COLUMNS, RESOURCE_NOT_FOUND } from '../../services/resource-links.js';
import { UpdateResourceLink } from './update-resource-link.command.js';

/** Changes the card and records ResourceLinkUpdated in the same transaction; the same fields again record nothing. */
@CommandHandler(UpdateResourceLink)
export class UpdateResourceLinkHandler implements ICommandHandler<UpdateResourceLink, void> {
  constructor(@Inject(SQL_POOL) private readonly pool: pg.Pool) {}

  async execute({ input, context }: UpdateResourceLink): Promise<void> {
    const { resourceId, ...fields } = input;
    const changed = await inTransaction(this.pool, async (tx) => {
      await lockResourceOrder(tx);
      const { rows } = await tx.query<ResourceLinkView>(`SELECT ${RESOURCE_COLUMNS} FROM resource_links WHERE id = $1 FOR UPDATE`, [resourceId]);
      const before = rows[0];
      if (!before) throw new ApiError(404, 'RESOURCE_NOT_FOUND', RESOURCE_NOT_FOUND);
      if (JSON.stringify(fieldsOf(before)) === JSON.stringify(fields)) return false;
      const position = before.tab === fields.tab ? before.position : await endOfTab(tx, fields.tab);
      await tx.query(
        `UPDATE resource_links SET tab = $2, position = $3, title = $4, description = $5, emoji = $6, action = $7, url = $8, hidden = $9,
                updated_by = $10, updated_at = $11 WHERE id = $1`,
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
      await recordResourceEvent<ResourceLinkUpdated>(tx, 'ResourceLinkUpdated', { resourceId, ...fields }, context);
      return true;
    });
    if (changed) outboxCommitted();
  }
}

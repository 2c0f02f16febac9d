import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type pg from 'pg';

import { outboxCommitted } from '../../../../platform/event-store/outbox.js';
import { ApiError } from '../../../../platform/http/api-error.js';
import { inTransaction } from '../../../../platform/persistence/sql.js';
import { SQL_POOL } from '../../../../platform/tokens.js';
import type { AnnouncementDeleted } from '../../contracts/announcement.events.js';
import { ANNOUNCEMENT_NOT_FOUND } from '../../queries/list-announcements/announcements.query.js';
import { recordAnnouncementEvent } from '../../services/announcement-rows.js';
import { DeleteAnnouncement } from './delete-announcement.command.js';

/** Sets is_active false (with who and when) and records AnnouncementDeleted in the same transaction; one already deleted is not found. */
@CommandHandler(DeleteAnnouncement)
export class DeleteAnnouncementHandler implements ICommandHandler<DeleteAnnouncement, void> {
  constructor(@Inject(SQL_POOL) private readonly pool: pg.Pool) {}

  async execute({ input: { announcementId }, context }: DeleteAnnouncement): Promise<void> {
    await inTransaction(this.pool, async (tx) => {
      const { rowCount } = await tx.query(
        'UPDATE announcements SET is_active = false, deleted_by = $2, deleted_at = $3, updated_at = $3 WHERE id = $1 AND is_active',
        [announcementId, context.actor.id, context.now],
      );
      if (!rowCount) throw new ApiError(404, 'ANNOUNCEMENT_NOT_FOUND', ANNOUNCEMENT_NOT_FOUND);
      await recordAnnouncementEvent<AnnouncementDeleted>(tx, 'AnnouncementDeleted', { announcementId }, context);
    });
    outboxCommitted();
  }
}

import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type pg from 'pg';

import { outboxCommitted } from '../../../../platform/event-store/outbox.js';
import { ApiError } from '../../../../platform/http/api-error.js';
import { inTransaction } from '../../../../platform/persistence/sql.js';
import { SQL_POOL } from '../../../../platform/tokens.js';
import type { AnnouncementUpdated } from '../../contracts/announcement.events.js';
import { ANNOUNCEMENT_NOT_FOUND } from '../../queries/list-announcements/announcements.query.js';
import { isoOrNull, recordAnnouncementEvent } from '../../services/announcement-rows.js';
import { UpdateAnnouncement } from './update-announcement.command.js';

/** Changes a live (not deleted) announcement and records AnnouncementUpdated in the same transaction; the same text again records nothing. */
@CommandHandler(UpdateAnnouncement)
export class UpdateAnnouncementHandler implements ICommandHandler<UpdateAnnouncement, void> {
  constructor(@Inject(SQL_POOL) private readonly pool: pg.Pool) {}

  async execute({ input, context }: UpdateAnnouncement): Promise<void> {
    const { announcementId, title, content, publishFrom, expiresAt } = input;
    const changed = await inTransaction(this.pool, async (tx) => {
      const { rows } = await tx.query<{ title: string; content: string; publish_from: Date | null; expires_at: Date | null }>(
        'SELECT title, content, publish_from, expires_at FROM announcements WHERE id = $1 AND is_active FOR UPDATE',
        [announcementId],
      );
      const before = rows[0];
      if (!before) throw new ApiError(404, 'ANNOUNCEMENT_NOT_FOUND', ANNOUNCEMENT_NOT_FOUND);
      const same =
        before.title === title &&
        before.content === content &&
        before.publish_from?.getTime() === publishFrom?.getTime() &&
        before.expires_at?.getTime() === expiresAt?.getTime();
      if (same) return false;
      await tx.query('UPDATE announcements SET title = $2, content = $3, publish_from = $4, expires_at = $5, updated_by = $6, updated_at = $7 WHERE id = $1', [
        announcementId,
        title,
        content,
        publishFrom,
        expiresAt,
        context.actor.id,
        context.now,
      ]);
      await recordAnnouncementEvent<AnnouncementUpdated>(
        tx,
        'AnnouncementUpdated',
        { announcementId, title, content, publishFrom: isoOrNull(publishFrom), expiresAt: isoOrNull(expiresAt) },
        context,
      );
      return true;
    });
    if (changed) outboxCommitted();
  }
}

import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type pg from 'pg';

import { outboxCommitted } from '../../../../platform/event-store/outbox.js';
import { inTransaction } from '../../../../platform/persistence/sql.js';
import { SQL_POOL } from '../../../../platform/tokens.js';
import type { AnnouncementCreated } from '../../contracts/announcement.events.js';
import { isoOrNull, recordAnnouncementEvent } from '../../services/announcement-rows.js';
import { CreateAnnouncement } from './create-announcement.command.js';

/** Inserts the announcement and records AnnouncementCreated in the same transaction; a repeated id (a retried request) changes nothing. */
@CommandHandler(CreateAnnouncement)
export class CreateAnnouncementHandler implements ICommandHandler<CreateAnnouncement, { announcementId: string }> {
  constructor(@Inject(SQL_POOL) private readonly pool: pg.Pool) {}

  async execute({ input, context }: CreateAnnouncement): Promise<{ announcementId: string }> {
    const { announcementId, title, content, publishFrom, expiresAt } = input;
    const created = await inTransaction(this.pool, async (tx) => {
      const { rowCount } = await tx.query(
        `INSERT INTO announcements (id, title, content, publish_from, expires_at, created_by, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $7) ON CONFLICT (id) DO NOTHING`,
        [announcementId, title, content, publishFrom, expiresAt, context.actor.id, context.now],
      );
      if (!rowCount) return false;
      await recordAnnouncementEvent<AnnouncementCreated>(
        tx,
        'AnnouncementCreated',
        { announcementId, title, content, publishFrom: isoOrNull(publishFrom), expiresAt: isoOrNull(expiresAt) },
        context,
      );
      return true;
    });
    if (created) outboxCommitted();
    return { announcementId };
  }
}

import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type pg from 'pg';

import { newEvent } from '../../../../platform/event-store/new-event.js';
import { outboxCommitted, recordInOutbox } from '../../../../platform/event-store/outbox.js';
import type { FileStorage } from '../../../../platform/files/file-storage.port.js';
import { ApiError } from '../../../../platform/http/api-error.js';
import { inTransaction } from '../../../../platform/persistence/sql.js';
import { FILE_STORAGE, SQL_POOL } from '../../../../platform/tokens.js';
import { accountStream } from '../../contracts/identity.events.js';
import { avatarUrlOf } from '../../queries/get-my-profile/my-profile.js';
import { avatarImage, avatarKey } from '../../services/avatar-image.js';
import { ChangeAvatar } from './change-avatar.command.js';

/**
 * Re-encodes the upload (services/avatar-image.ts: an image by its bytes, square, WebP, no
 * metadata), stores it under the user's one avatar key through the file storage port, replacing
 * the previous picture, and points the profile at it with AvatarChanged through the outbox.
 */
@CommandHandler(ChangeAvatar)
export class ChangeAvatarHandler implements ICommandHandler<ChangeAvatar, { avatarUrl: string }> {
  constructor(
    @Inject(SQL_POOL) private readonly pool: pg.Pool,
    @Inject(FILE_STORAGE) private readonly files: FileStorage,
  ) {}

  async execute({ input, context }: ChangeAvatar): Promise<{ avatarUrl: string }> {
    const userId = context.actor.id;
    const image = await avatarImage(input.bytes);
    const key = avatarKey(userId);
    await this.files.put(key, image, 'image/webp');
    const avatarUrl = avatarUrlOf(userId, context.now);
    await inTransaction(this.pool, async (tx) => {
      const { rowCount } = await tx.query(
        `INSERT INTO profiles (user_id, email, avatar_url) SELECT id, email, $2 FROM users WHERE id = $1
         ON CONFLICT (user_id) DO UPDATE SET avatar_url = EXCLUDED.avatar_url, updated_at = now()`,
        [userId, avatarUrl],
      );
      if (!rowCount) throw new ApiError(404, 'USER_NOT_FOUND', 'No such user.');
      await recordInOutbox(tx, accountStream(userId), [newEvent('AvatarChanged', { userId, key, size: image.length }, context)]);
    });
    outboxCommitted();
    return { avatarUrl };
  }
}

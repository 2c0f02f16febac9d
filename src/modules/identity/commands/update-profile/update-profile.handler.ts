import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type pg from 'pg';

import { newEvent } from '../../../../platform/event-store/new-event.js';
import { outboxCommitted, recordInOutbox } from '../../../../platform/event-store/outbox.js';
import { ApiError } from '../../../../platform/http/api-error.js';
import { inTransaction } from '../../../../platform/persistence/sql.js';
import { SQL_POOL } from '../../../../platform/tokens.js';
import { accountStream, type ProfileUpdated } from '../../contracts/identity.events.js';
import { UpdateProfile } from './update-profile.command.js';

/**
 * Saves the actor's display name, phone and time zone (a profile row is made when the account
 * has none yet) and records ProfileUpdated, naming the fields that changed, through the outbox in
 * the same transaction. Nothing changed, nothing recorded.
 */
@CommandHandler(UpdateProfile)
export class UpdateProfileHandler implements ICommandHandler<UpdateProfile, void> {
  constructor(@Inject(SQL_POOL) private readonly pool: pg.Pool) {}

  async execute({ input, context }: UpdateProfile): Promise<void> {
    const userId = context.actor.id;
    const changed = await inTransaction(this.pool, async (tx) => {
      // Accounts made before profiles existed have no row yet: make it, then lock it and read it.
      await tx.query('INSERT INTO profiles (user_id, email) SELECT id, email FROM users WHERE id = $1 ON CONFLICT (user_id) DO NOTHING', [userId]);
      const { rows } = await tx.query<{ display_name: string | null; phone: string | null; timezone: string | null }>(
        'SELECT display_name, phone, timezone FROM profiles WHERE user_id = $1 FOR UPDATE',
        [userId],
      );
      if (rows.length === 0) throw new ApiError(404, 'USER_NOT_FOUND', 'No such user.');
      const before = rows[0]!;
      const fields: ProfileUpdated['data']['fields'][number][] = [];
      if (before.display_name !== input.displayName) fields.push('displayName');
      if (before.phone !== input.phone) fields.push('phone');
      if (before.timezone !== input.timeZone) fields.push('timeZone');
      if (fields.length === 0) return false;
      await tx.query('UPDATE profiles SET display_name = $2, phone = $3, timezone = $4, updated_at = now() WHERE user_id = $1', [
        userId,
        input.displayName,
        input.phone,
        input.timeZone,
      ]);
      await recordInOutbox(tx, accountStream(userId), [newEvent('ProfileUpdated', { userId, fields, timeZone: input.timeZone }, context)]);
      return true;
    });
    if (changed) outboxCommitted();
  }
}

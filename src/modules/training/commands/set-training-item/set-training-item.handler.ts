import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type pg from 'pg';

import { newEvent } from '../../../../platform/event-store/new-event.js';
import { outboxCommitted, recordInOutbox } from '../../../../platform/event-store/outbox.js';
import { ApiError } from '../../../../platform/http/api-error.js';
import { lockKey } from '../../../../platform/persistence/advisory-lock.js';
import { inTransaction } from '../../../../platform/persistence/sql.js';
import { SQL_POOL } from '../../../../platform/tokens.js';
import { changedItems, setItem } from '../../contracts/training-checklist.js';
import { trainingStream, type TrainingProgressChanged } from '../../contracts/training.events.js';
import { satLeaderIdOf } from '../../services/sat-leader.js';
import { trainingSchedules } from '../../services/training-schedules.js';
import { SetTrainingItem, type SetTrainingItemAnswer } from './set-training-item.command.js';

export const UNKNOWN_TRAINING_ITEM = 'This item is not part of the schedule';

/**
 * Applies the checklist rules to the item's day as stored, under a lock on the agent's day, and
 * stores only the items that changed (one row each), with TrainingProgressChanged in the same
 * transaction. Each request names one item and the value wanted, so a page that had not seen
 * another device's ticks changes only its own item, and the same tick again changes nothing.
 */
@CommandHandler(SetTrainingItem)
export class SetTrainingItemHandler implements ICommandHandler<SetTrainingItem, SetTrainingItemAnswer> {
  constructor(@Inject(SQL_POOL) private readonly pool: pg.Pool) {}

  async execute({ input: { division, itemId, checked }, context }: SetTrainingItem): Promise<SetTrainingItemAnswer> {
    const day = trainingSchedules().get(division)?.dayOfItem.get(itemId);
    if (!day) throw new ApiError(404, 'TRAINING_ITEM_NOT_FOUND', UNKNOWN_TRAINING_ITEM);
    const userId = context.actor.id;
    const items = [day.dayId, ...day.partIds];
    const leaderId = await satLeaderIdOf(this.pool, userId);
    const { after, changed } = await inTransaction(this.pool, async (tx) => {
      await lockKey(tx, 'training-day', `${userId}:${division}:${day.dayId}`);
      const { rows } = await tx.query<{ item_id: string }>(
        'SELECT item_id FROM training_progress WHERE user_id = $1 AND division = $2 AND item_id = ANY($3::text[]) AND checked',
        [userId, division, items],
      );
      const before = new Set(rows.map((row) => row.item_id));
      const after = setItem(day, before, itemId, checked);
      const changes = changedItems(before, after);
      if (changes.length === 0) return { after, changed: false };
      await tx.query(
        `INSERT INTO training_progress (user_id, division, item_id, checked, created_at, updated_at)
         SELECT $1, $2, item_id, checked, $5, $5 FROM unnest($3::text[], $4::boolean[]) AS c(item_id, checked)
         ON CONFLICT (user_id, division, item_id) DO UPDATE SET checked = EXCLUDED.checked, updated_at = EXCLUDED.updated_at`,
        [userId, division, changes.map((c) => c.itemId), changes.map((c) => c.checked), context.now],
      );
      await recordInOutbox(tx, trainingStream(userId), [
        newEvent<TrainingProgressChanged['type'], TrainingProgressChanged['data']>(
          'TrainingProgressChanged',
          { userId, division, dayId: day.dayId, changes, leaderId },
          context,
        ),
      ]);
      return { after, changed: true };
    });
    if (changed) outboxCommitted();
    return { dayId: day.dayId, ticked: items.filter((id) => after.has(id)), dayComplete: after.has(day.dayId) };
  }
}

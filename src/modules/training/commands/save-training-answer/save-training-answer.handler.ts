import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type pg from 'pg';

import { newEvent } from '../../../../platform/event-store/new-event.js';
import { outboxCommitted, recordInOutbox } from '../../../../platform/event-store/outbox.js';
import { ApiError } from '../../../../platform/http/api-error.js';
import { inTransaction } from '../../../../platform/persistence/sql.js';
import { SQL_POOL } from '../../../../platform/tokens.js';
import { trainingStream, type TrainingAnswerSaved } from '../../contracts/training.events.js';
import { satLeaderIdOf } from '../../services/sat-leader.js';
import { trainingSchedules } from '../../services/training-schedules.js';
import { UNKNOWN_TRAINING_ITEM } from '../set-training-item/set-training-item.handler.js';
import { SaveTrainingAnswer } from './save-training-answer.command.js';

/** Stores the answer in the agent's row for that item, with TrainingAnswerSaved; the same text again records nothing. */
@CommandHandler(SaveTrainingAnswer)
export class SaveTrainingAnswerHandler implements ICommandHandler<SaveTrainingAnswer, { answer: string }> {
  constructor(@Inject(SQL_POOL) private readonly pool: pg.Pool) {}

  async execute({ input: { division, itemId, answer }, context }: SaveTrainingAnswer): Promise<{ answer: string }> {
    if (!trainingSchedules().get(division)?.answerIds.has(itemId)) throw new ApiError(404, 'TRAINING_ITEM_NOT_FOUND', UNKNOWN_TRAINING_ITEM);
    const userId = context.actor.id;
    const leaderId = await satLeaderIdOf(this.pool, userId);
    const changed = await inTransaction(this.pool, async (tx) => {
      const { rowCount } = await tx.query(
        `INSERT INTO training_progress (user_id, division, item_id, answer, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $5)
         ON CONFLICT (user_id, division, item_id) DO UPDATE SET answer = EXCLUDED.answer, updated_at = EXCLUDED.updated_at
         WHERE training_progress.answer IS DISTINCT FROM EXCLUDED.answer`,
        [userId, division, itemId, answer === '' ? null : answer, context.now],
      );
      if (!rowCount) return false;
      await recordInOutbox(tx, trainingStream(userId), [
        newEvent<TrainingAnswerSaved['type'], TrainingAnswerSaved['data']>(
          'TrainingAnswerSaved',
          { userId, division, itemId, length: answer.length, leaderId },
          context,
        ),
      ]);
      return true;
    });
    if (changed) outboxCommitted();
    return { answer };
  }
}

import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type pg from 'pg';

import { SQL_POOL } from '../../../../platform/tokens.js';
import { DismissUnansweredQuestion } from './dismiss-unanswered-question.command.js';

@CommandHandler(DismissUnansweredQuestion)
export class DismissUnansweredQuestionHandler implements ICommandHandler<DismissUnansweredQuestion, { dismissed: boolean }> {
  constructor(@Inject(SQL_POOL) private readonly pool: pg.Pool) {}

  async execute({ input, context }: DismissUnansweredQuestion): Promise<{ dismissed: boolean }> {
    const { rowCount } = await this.pool.query(
      `UPDATE assistant_unanswered SET dismissed_at = $2, dismissed_by = $3 WHERE question_key = $1 AND dismissed_at IS NULL`,
      [input.questionKey, context.now, context.actor.id],
    );
    return { dismissed: (rowCount ?? 0) > 0 };
  }
}

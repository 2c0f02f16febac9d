import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { subDays } from 'date-fns/subDays';
import type pg from 'pg';

import { inTransaction } from '../../../../platform/persistence/sql.js';
import { SQL_POOL } from '../../../../platform/tokens.js';
import { PurgeExpiredConversations } from './purge-expired-conversations.command.js';

/** Deletes what is past the retention time; a conversation handed to a help request stays (its messages go with it). */
@CommandHandler(PurgeExpiredConversations)
export class PurgeExpiredConversationsHandler implements ICommandHandler<PurgeExpiredConversations, { conversations: number; questions: number }> {
  constructor(@Inject(SQL_POOL) private readonly pool: pg.Pool) {}

  async execute({ input, context }: PurgeExpiredConversations): Promise<{ conversations: number; questions: number }> {
    const before = subDays(context.now, input.retentionDays);
    return inTransaction(this.pool, async (tx) => {
      const conversations = await tx.query(`DELETE FROM assistant_conversations WHERE kept_for_ticket IS NULL AND updated_at < $1`, [before]);
      const questions = await tx.query(`DELETE FROM assistant_unanswered WHERE last_asked_at < $1`, [before]);
      await tx.query(`DELETE FROM assistant_low_margin WHERE last_asked_at < $1`, [before]);
      return { conversations: conversations.rowCount ?? 0, questions: questions.rowCount ?? 0 };
    });
  }
}

import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type pg from 'pg';

import { handleCommand } from '../../../../platform/event-store/command-handling.js';
import type { EventStore } from '../../../../platform/event-store/event-store.port.js';
import { EVENT_STORE, SQL_POOL } from '../../../../platform/tokens.js';
import { answerFeedbackDecider, answerFeedbackStream, type KeptAnswer } from '../../domain/answer-feedback.decider.js';
import type { AnswerGrounds } from '../../domain/compose-answer.js';
import { MarkAnswerUnhelpful } from './mark-answer-unhelpful.command.js';

/** Reads the answer as the conversation kept it (with the question before it), and lets the decider rule on it. */
@CommandHandler(MarkAnswerUnhelpful)
export class MarkAnswerUnhelpfulHandler implements ICommandHandler<MarkAnswerUnhelpful, { readonly marked: true }> {
  constructor(
    @Inject(SQL_POOL) private readonly pool: pg.Pool,
    @Inject(EVENT_STORE) private readonly store: EventStore,
  ) {}

  async execute({ input, context, idempotencyKey }: MarkAnswerUnhelpful): Promise<{ readonly marked: true }> {
    const { conversationId, answerSeq, note } = input;
    const command = {
      type: 'MarkAnswerUnhelpful',
      conversationId,
      answerSeq,
      userId: context.actor.id,
      kept: await keptAnswer(this.pool, conversationId, answerSeq),
      note,
    } as const;
    await handleCommand({
      store: this.store,
      streamId: answerFeedbackStream(conversationId),
      decider: answerFeedbackDecider,
      command,
      context,
      idempotencyKey,
    });
    return { marked: true };
  }
}

async function keptAnswer(pool: pg.Pool, conversationId: string, answerSeq: number): Promise<KeptAnswer | null> {
  const { rows } = await pool.query<{ owner_id: string; answer: string; grounds: AnswerGrounds | null; question: string | null }>(
    `SELECT c.user_id AS owner_id, a.content AS answer, a.grounds, q.content AS question
       FROM assistant_conversations c
       JOIN assistant_messages a ON a.conversation_id = c.conversation_id AND a.seq = $2 AND a.role = 'assistant'
       LEFT JOIN assistant_messages q ON q.conversation_id = c.conversation_id AND q.seq = $2 - 1 AND q.role = 'user'
      WHERE c.conversation_id = $1`,
    [conversationId, answerSeq],
  );
  const row = rows[0];
  if (!row) return null;
  return {
    ownerId: row.owner_id,
    question: row.question ?? '',
    answer: row.answer,
    passageIds: row.grounds?.passageIds ?? [],
    margin: row.grounds?.margin ?? null,
  };
}

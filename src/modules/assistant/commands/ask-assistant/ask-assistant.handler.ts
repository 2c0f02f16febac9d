import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type pg from 'pg';

import { inTransaction, type SqlClient } from '../../../../platform/persistence/sql.js';
import { SQL_POOL } from '../../../../platform/tokens.js';
import type { AnswerGrounds, AssistantAnswer } from '../../domain/compose-answer.js';
import { questionKey } from '../../domain/question-key.js';
import { AssistantAnswers } from '../../services/assistant-answers.js';
import { AskAssistant } from './ask-assistant.command.js';

/** The answer, and for a signed-in user the conversation it is kept in and its number there (what a "Not helpful" names). */
type Answered = AssistantAnswer & { readonly conversationId: string | null; readonly answerSeq: number | null };

/**
 * Answers, then keeps what was said: a signed-in user's question and answer in their
 * conversation (a new one when the named one is not theirs) with what the answer rested on, any
 * question the portal's pages did not answer, and any answered with a low margin, in the lists
 * admins read. A visitor's words are kept only there.
 */
@CommandHandler(AskAssistant)
export class AskAssistantHandler implements ICommandHandler<AskAssistant, Answered> {
  constructor(
    @Inject(SQL_POOL) private readonly pool: pg.Pool,
    private readonly answers: AssistantAnswers,
  ) {}

  async execute({ input, context }: AskAssistant): Promise<Answered> {
    const { messages, asker, stream } = input;
    const userId = asker?.userId ?? null;
    const question = messages.at(-1)!.content.trim();
    // What the answer rested on stays on the server.
    const { grounds, ...answer } = await this.answers.answer(messages, asker, context.now, stream);
    const kept = await inTransaction(this.pool, async (tx) => {
      if (!answer.answered && questionKey(question)) await countUnanswered(tx, question, context.now);
      if (grounds?.lowMargin && grounds.margin !== null && questionKey(question)) await countLowMargin(tx, question, grounds, context.now);
      return userId ? keepExchange(tx, userId, input.conversationId ?? null, question, answer, grounds ?? null, context.now) : null;
    });
    return { ...answer, conversationId: kept?.conversationId ?? null, answerSeq: kept?.answerSeq ?? null };
  }
}

async function countUnanswered(tx: SqlClient, question: string, now: Date): Promise<void> {
  await tx.query(
    `INSERT INTO assistant_unanswered (question_key, question, times_asked, first_asked_at, last_asked_at)
     VALUES ($1, $2, 1, $3, $3)
     ON CONFLICT (question_key) DO UPDATE
       SET question = EXCLUDED.question, times_asked = assistant_unanswered.times_asked + 1, last_asked_at = EXCLUDED.last_asked_at,
           dismissed_at = NULL, dismissed_by = NULL`,
    [questionKey(question), question.slice(0, 1_000), now],
  );
}

async function countLowMargin(tx: SqlClient, question: string, grounds: AnswerGrounds, now: Date): Promise<void> {
  await tx.query(
    `INSERT INTO assistant_low_margin (question_key, question, passage_id, margin, times_asked, first_asked_at, last_asked_at)
     VALUES ($1, $2, $3, $4, 1, $5, $5)
     ON CONFLICT (question_key) DO UPDATE
       SET question = EXCLUDED.question, passage_id = EXCLUDED.passage_id, margin = EXCLUDED.margin,
           times_asked = assistant_low_margin.times_asked + 1, last_asked_at = EXCLUDED.last_asked_at`,
    [questionKey(question), question.slice(0, 1_000), grounds.passageIds[0] ?? '', grounds.margin, now],
  );
}

async function keepExchange(
  tx: SqlClient,
  userId: string,
  asked: string | null,
  question: string,
  answer: AssistantAnswer,
  grounds: AnswerGrounds | null,
  now: Date,
): Promise<{ conversationId: string; answerSeq: number }> {
  // The conversation's row is locked first, then its last message read: a second question that
  // waited for the lock reads the first one's messages (a subquery beside FOR UPDATE would not).
  const mine = asked
    ? (await tx.query(`SELECT 1 FROM assistant_conversations WHERE conversation_id = $1 AND user_id = $2 FOR UPDATE`, [asked, userId])).rowCount
    : 0;
  const { rows } = mine
    ? await tx.query<{ next: number }>(`SELECT coalesce(max(seq), 0) + 1 AS next FROM assistant_messages WHERE conversation_id = $1`, [asked])
    : { rows: [] };
  let conversationId = asked;
  let seq = rows[0]?.next;
  if (!conversationId || seq === undefined) {
    conversationId = randomUUID();
    seq = 1;
    await tx.query(`INSERT INTO assistant_conversations (conversation_id, user_id, started_at, updated_at) VALUES ($1, $2, $3, $3)`, [
      conversationId,
      userId,
      now,
    ]);
  } else {
    await tx.query(`UPDATE assistant_conversations SET updated_at = $2 WHERE conversation_id = $1`, [conversationId, now]);
  }
  await tx.query(
    `INSERT INTO assistant_messages (conversation_id, seq, role, content, sources, answered, created_at, grounds)
     VALUES ($1, $2, 'user', $3, '[]', NULL, $5, NULL), ($1, $2 + 1, 'assistant', $4, $6, $7, $5, $8)`,
    [conversationId, seq, question, answer.message, now, JSON.stringify(answer.sources), answer.answered, grounds ? JSON.stringify(grounds) : null],
  );
  return { conversationId, answerSeq: seq + 1 };
}

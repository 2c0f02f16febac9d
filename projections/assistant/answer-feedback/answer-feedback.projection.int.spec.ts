import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';

import { answerFeedbackStream, type AnswerFeedbackEvent } from '../../../src/modules/assistant/domain/answer-feedback.decider.js';
import { newEvent, requestContext } from '../../../src/platform/event-store/new-event.js';
import { useIsolatedStore } from '../../../test/support/isolated-database.js';
import { liveThenRebuilt } from '../../../test/support/projection-check.js';
import { describeOn, oneDatabase } from '../../../test/support/test-databases.js';
import { answerFeedbackProjection } from './answer-feedback.projection.js';

const ROWS = `SELECT conversation_id, answer_seq, user_id, question, answer, passage_ids, margin, note FROM rm_assistant_unhelpful ORDER BY question`;

for (const database of oneDatabase()) {
  describeOn(database, `assistant answer-feedback projection on ${database.name}`, () => {
    const db = useIsolatedStore(database);

    it('lists each answer marked not helpful with what it rested on, and a rebuild gives the same rows', async () => {
      const agent = randomUUID();
      const conversationId = randomUUID();
      const ctx = requestContext({ type: 'user', id: agent });
      const marked = (answerSeq: number, question: string, note: string | null): AnswerFeedbackEvent => ({
        type: 'AnswerMarkedUnhelpful',
        data: { conversationId, answerSeq, userId: agent, question, answer: `the answer to ${question}`, passageIds: ['help:buy-leads'], margin: 1.1, note },
      });
      await db.store.append(
        answerFeedbackStream(conversationId),
        [marked(2, 'a: how do I buy leads', 'It asked about prices'), marked(4, 'b: when is my first day', null)].map((e) => newEvent(e.type, e.data, ctx)),
        { expectedVersion: 'no_stream' },
      );

      const { live, rebuilt } = await liveThenRebuilt(db.store, db.pool, answerFeedbackProjection, ROWS);
      expect(live).toEqual([
        {
          conversation_id: conversationId,
          answer_seq: 2,
          user_id: agent,
          question: 'a: how do I buy leads',
          answer: 'the answer to a: how do I buy leads',
          passage_ids: ['help:buy-leads'],
          margin: 1.1,
          note: 'It asked about prices',
        },
        expect.objectContaining({ answer_seq: 4, note: null }),
      ]);
      expect(rebuilt).toEqual(live);
    });
  });
}

import type { AnswerFeedbackEvent } from '../../../src/modules/assistant/domain/answer-feedback.decider.js';
import type { RecordedEvent } from '../../../src/platform/event-store/event-store.port.js';
import type { SqlClient } from '../../../src/platform/persistence/sql.js';
import type { Projection } from '../../../src/platform/projections/projection.js';

/** The answers agents marked not helpful, with what was asked, what was said and the passages used: admins improve the content from them. */
export const answerFeedbackProjection: Projection = {
  name: 'assistant-answer-feedback',
  eventTypes: ['AnswerMarkedUnhelpful'],

  async reset(tx: SqlClient) {
    await tx.query('TRUNCATE rm_assistant_unhelpful');
  },

  async apply(events: readonly RecordedEvent[], tx: SqlClient) {
    for (const recorded of events) {
      const event = recorded as unknown as AnswerFeedbackEvent;
      const { data } = event;
      await tx.query(
        `INSERT INTO rm_assistant_unhelpful (conversation_id, answer_seq, user_id, question, answer, passage_ids, margin, note, marked_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
         ON CONFLICT (conversation_id, answer_seq) DO NOTHING`,
        [
          data.conversationId,
          data.answerSeq,
          data.userId,
          data.question,
          data.answer,
          JSON.stringify(data.passageIds),
          data.margin,
          data.note,
          recorded.metadata.occurredAt,
        ],
      );
    }
  },
};

import { describe, expect, it } from 'vitest';

import { fold } from '../../../platform/domain/decider.js';
import { DomainError } from '../../../platform/domain/domain-error.js';
import { answerFeedbackDecider, type AnswerFeedbackCommand, type AnswerFeedbackEvent } from './answer-feedback.decider.js';

const now = new Date('2026-12-07T15:00:00Z');
const kept = { ownerId: 'agent-1', question: 'How do I buy leads?', answer: 'Buy Leads offers three sources.', passageIds: ['help:buy-leads'], margin: 1.1 };
const mark = (more: Partial<AnswerFeedbackCommand> = {}): AnswerFeedbackCommand => ({
  type: 'MarkAnswerUnhelpful',
  conversationId: 'c1',
  answerSeq: 2,
  userId: 'agent-1',
  kept,
  note: null,
  ...more,
});
const given = (events: readonly AnswerFeedbackEvent[]) => fold(answerFeedbackDecider, events);

describe('marking an answer not helpful', () => {
  it('records the answer with what it rested on, and the word the agent added', () => {
    expect(answerFeedbackDecider.decide(mark({ note: '  It asked about prices  ' }), given([]), now)).toEqual([
      {
        type: 'AnswerMarkedUnhelpful',
        data: {
          conversationId: 'c1',
          answerSeq: 2,
          userId: 'agent-1',
          question: 'How do I buy leads?',
          answer: 'Buy Leads offers three sources.',
          passageIds: ['help:buy-leads'],
          margin: 1.1,
          note: 'It asked about prices',
        },
      },
    ]);
  });

  it('changes nothing when the answer is marked again', () => {
    const [marked] = answerFeedbackDecider.decide(mark(), given([]), now);
    expect(answerFeedbackDecider.decide(mark({ note: 'again' }), given([marked!]), now)).toEqual([]);
    // Another answer of the same conversation may still be marked.
    expect(answerFeedbackDecider.decide(mark({ answerSeq: 4 }), given([marked!]), now)).toHaveLength(1);
  });

  it("refuses an answer of another agent's conversation, or one that is not there, alike", () => {
    for (const command of [mark({ userId: 'agent-2' }), mark({ kept: null })]) {
      expect(() => answerFeedbackDecider.decide(command, given([]), now)).toThrow(
        new DomainError('NOT_FOUND', 'That answer is not in your conversations.', 404),
      );
    }
  });

  it('keeps no empty word', () => {
    const [event] = answerFeedbackDecider.decide(mark({ note: '   ' }), given([]), now);
    expect(event!.data.note).toBeNull();
  });
});

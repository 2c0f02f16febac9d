import { assertNever, type Decider } from '../../../platform/domain/decider.js';
import { DomainError } from '../../../platform/domain/domain-error.js';

/** The stream of what agents said of the answers in one conversation. */
export const answerFeedbackStream = (conversationId: string) => `assistant-feedback-${conversationId}`;

/** The longest word an agent may add to a "Not helpful". */
export const MAX_FEEDBACK_NOTE = 500;

/** An answer as the conversation kept it, read by the handler: whose conversation it is, what was asked and said, and what the answer rested on. */
export type KeptAnswer = {
  readonly ownerId: string;
  readonly question: string;
  readonly answer: string;
  readonly passageIds: readonly string[];
  readonly margin: number | null;
};

export type AnswerFeedbackCommand = {
  readonly type: 'MarkAnswerUnhelpful';
  readonly conversationId: string;
  readonly answerSeq: number;
  /** Who marks it. */
  readonly userId: string;
  /** The answer, or null when the conversation has no such answer. */
  readonly kept: KeptAnswer | null;
  readonly note: string | null;
};

export type AnswerFeedbackEvent = {
  readonly type: 'AnswerMarkedUnhelpful';
  readonly data: {
    readonly conversationId: string;
    readonly answerSeq: number;
    readonly userId: string;
    readonly question: string;
    readonly answer: string;
    readonly passageIds: readonly string[];
    readonly margin: number | null;
    readonly note: string | null;
  };
};

/** The answers of the conversation already marked, by their place in it. */
export type AnswerFeedbackState = { readonly marked: readonly number[] };

/**
 * An agent marks an answer of their own conversation as not helpful, once: marking it again
 * changes nothing. An answer of another person's conversation, or none, is not found (the
 * same answer either way, so nothing is learnt of other conversations).
 */
export const answerFeedbackDecider: Decider<AnswerFeedbackCommand, AnswerFeedbackEvent, AnswerFeedbackState> = {
  initialState: () => ({ marked: [] }),
  evolve: (state, event) => {
    switch (event.type) {
      case 'AnswerMarkedUnhelpful':
        return { marked: [...state.marked, event.data.answerSeq] };
      default:
        return assertNever(event.type);
    }
  },
  decide: (command, state) => {
    const { kept } = command;
    if (!kept || kept.ownerId !== command.userId) throw new DomainError('NOT_FOUND', 'That answer is not in your conversations.', 404);
    if (state.marked.includes(command.answerSeq)) return [];
    const note = command.note?.trim() ? command.note.trim().slice(0, MAX_FEEDBACK_NOTE) : null;
    return [
      {
        type: 'AnswerMarkedUnhelpful',
        data: {
          conversationId: command.conversationId,
          answerSeq: command.answerSeq,
          userId: command.userId,
          question: kept.question,
          answer: kept.answer,
          passageIds: kept.passageIds,
          margin: kept.margin,
          note,
        },
      },
    ];
  },
};

import { z } from 'zod';

import { MAX_FEEDBACK_NOTE } from '../../domain/answer-feedback.decider.js';

/** The address names the answer: its conversation and its place in it. */
export const answerAddress = z.object({
  conversationId: z.uuid('Not a conversation of yours.'),
  answerSeq: z.coerce
    .number({ message: 'Name the answer by its number in the conversation.' })
    .int('Name the answer by its number in the conversation.')
    .min(1, 'Name the answer by its number in the conversation.')
    .max(1_000_000, 'Name the answer by its number in the conversation.'),
});

export const markAnswerUnhelpfulRequest = z.strictObject(
  {
    note: z
      .string({ message: 'The note is text.' })
      .max(MAX_FEEDBACK_NOTE, `The note can be at most ${MAX_FEEDBACK_NOTE} characters.`)
      .nullish()
      .transform((note) => (note?.trim() ? note.trim() : null)),
  },
  { message: 'Send only a note.' },
);

import { z } from 'zod';

/** At most this many messages of a conversation are read; the newest count. */
export const MAX_MESSAGES = 40;
export const MAX_MESSAGE_LENGTH = 4_000;

export const askAssistantRequest = z.object({
  messages: z
    .array(
      z.object({
        role: z.enum(['user', 'assistant'], { message: "Each message's role is 'user' or 'assistant'." }),
        content: z.string().max(MAX_MESSAGE_LENGTH, `A message can be at most ${MAX_MESSAGE_LENGTH.toLocaleString('en-US')} characters.`),
      }),
      { message: 'Send the conversation as messages: [{role, content}].' },
    )
    .min(1, 'Type a question first.')
    .transform((messages) => messages.slice(-MAX_MESSAGES))
    .refine((messages) => messages.at(-1)?.role === 'user' && messages.at(-1)!.content.trim() !== '', 'Type a question first.'),
  /** The conversation this continues, as the last answer named it (signed-in users). */
  conversationId: z.string().uuid('Not a conversation of yours.').optional(),
});

export type AskAssistantRequest = z.output<typeof askAssistantRequest>;

import { createParser } from 'eventsource-parser';

import type { AssistantAnswer } from '../../../../../src/modules/assistant/domain/compose-answer';
import { api, csrfHeader } from '../../../lib/api-client';
import type { ChatMessage } from '../chat-rules';

/** The answer; for a signed-in user also the conversation it is kept in and its number there. */
export type Answer = AssistantAnswer & { readonly conversationId: string | null; readonly answerSeq: number | null };

/** A failed exchange, with the server's words when it gave any. */
export class AssistantError extends Error {
  constructor(readonly serverError: string | null) {
    super(serverError ?? 'Failed to get response');
  }
}

/**
 * Asks the assistant (`POST /api/assistant/chat`), reading the answer as server-sent events:
 * `onText` gets the text so far while a chat model writes it; resolves with the whole answer.
 */
export async function askAssistant(messages: readonly ChatMessage[], conversationId: string | null, onText: (text: string) => void): Promise<Answer> {
  let response: Response;
  try {
    response = await fetch('/api/assistant/chat', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { accept: 'text/event-stream', 'content-type': 'application/json', ...csrfHeader() },
      body: JSON.stringify({ messages, ...(conversationId ? { conversationId } : {}) }),
    });
  } catch {
    throw new AssistantError(null);
  }
  if (!response.ok || !response.body) {
    const body = (await response.json().catch(() => null)) as { error?: string; message?: string; fieldErrors?: { message: string }[] } | null;
    throw new AssistantError(body?.error ?? body?.fieldErrors?.[0]?.message ?? body?.message ?? null);
  }
  let text = '';
  let answer: Answer | null = null;
  let failure: string | null = null;
  const parser = createParser({
    onEvent: ({ event, data }) => {
      if (event === 'delta') onText((text += (JSON.parse(data) as { text: string }).text));
      else if (event === 'reset') onText((text = ''));
      else if (event === 'answer') answer = JSON.parse(data) as Answer;
      else if (event === 'error') failure = (JSON.parse(data) as { error?: string }).error ?? null;
    },
  });
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  for (;;) {
    const { done, value } = await reader.read().catch(() => ({ done: true, value: undefined }));
    if (done) break;
    if (value) parser.feed(value);
  }
  if (!answer) throw new AssistantError(failure);
  return answer;
}

/** Says an answer of the agent's conversation did not help, with an optional word; the same `idempotencyKey` again (a retry) marks it once. */
export const markUnhelpful = (conversationId: string, answerSeq: number, note: string, idempotencyKey: string) =>
  api<{ marked: true }>('POST', `/api/assistant/conversations/${conversationId}/answers/${answerSeq}/unhelpful`, note.trim() ? { note: note.trim() } : {}, {
    'idempotency-key': idempotencyKey,
  });

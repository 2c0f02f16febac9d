import type OpenAI from 'openai';

import type { ChatModelSettings } from '../assistant.config.js';
import type { Passage } from '../knowledge/passage.js';

export type ChatTurn = { readonly role: 'user' | 'assistant'; readonly content: string };

const INSTRUCTIONS = [
  "You are the AI assistant of an insurance agency's agent portal. Answer the agent's last message using ONLY the passages below, which come from the portal's own pages.",
  'If the passages do not answer it, say that you do not know and offer to open a help request. Never invent amounts, dates, names or rules.',
  'Answer in at most four short sentences, plainly, without headings and without links (the pages are linked under your answer).',
].join(' ');

/** The passages as the model reads them: each with its page, and its text as it reads now (live dates filled in). */
export function passagesPrompt(passages: readonly Passage[], texts: ReadonlyMap<string, string>): string {
  return passages
    .map((passage, index) => `[${index + 1}] ${passage.pageTitle} (${passage.url}) — ${passage.heading}\n${texts.get(passage.id) ?? passage.text}`)
    .join('\n\n');
}

/**
 * An OpenAI-compatible chat endpoint (the official client, pointed at AI_BASE_URL), asked to
 * phrase an answer from the retrieved passages only, streamed. Any failure or the timeout is
 * thrown: the caller answers from the passages instead.
 */
export class ChatModel {
  private client: Promise<OpenAI> | undefined;

  constructor(private readonly settings: ChatModelSettings) {}

  /** The client library is loaded by the first question, not by every start. */
  private openClient(): Promise<OpenAI> {
    const { baseUrl, apiKey, timeoutMs } = this.settings;
    this.client ??= import('openai').then(({ default: Client }) => new Client({ baseURL: baseUrl, apiKey, timeout: timeoutMs, maxRetries: 0 }));
    return this.client;
  }

  async phrase(conversation: readonly ChatTurn[], passages: string, onDelta: (text: string) => void): Promise<string> {
    const signal = AbortSignal.timeout(this.settings.timeoutMs);
    const stream = await (
      await this.openClient()
    ).chat.completions.create(
      {
        model: this.settings.model,
        stream: true,
        temperature: 0.2,
        messages: [
          { role: 'system', content: `${INSTRUCTIONS}\n\nPassages:\n${passages}` },
          ...conversation.slice(-6).map((turn) => ({ role: turn.role, content: turn.content })),
        ],
      },
      { signal },
    );
    let text = '';
    for await (const chunk of stream) {
      const delta = chunk.choices[0]?.delta?.content ?? '';
      if (!delta) continue;
      text += delta;
      onDelta(delta);
    }
    if (!text.trim()) throw new Error('The chat model answered nothing');
    return text;
  }
}

import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';

import { ApiClient, type ApiClient as Client } from '../support/portal/api-client.js';
import { portalUrl } from '../support/portal/portal.js';
import { json, supportAdmin, supportAgent } from '../support/portal/support-desk.js';

type Answer = { message: string; answered: boolean; conversationId: string | null; answerSeq: number | null };
type Passage = { id: string; heading: string; pageTitle: string; url: string | null };
type Feedback = {
  unhelpful: { answerSeq: number; question: string; answer: string; note: string | null; passages: Passage[] }[];
  lowMargin: { question: string; margin: number; timesAsked: number; passage: Passage }[];
};

const ask = (client: Client, content: string) => json<Answer>(client.request('POST', '/api/assistant/chat', { messages: [{ role: 'user', content }] }));
const markUnhelpful = (
  client: Client,
  answer: { conversationId: string | null; answerSeq: number | string | null },
  body: unknown,
  key: string | null = randomUUID(),
) =>
  client.request(
    'POST',
    `/api/assistant/conversations/${answer.conversationId}/answers/${answer.answerSeq}/unhelpful`,
    body,
    key ? { 'idempotency-key': key } : {},
  );
const messagesOf = async (response: Response) => {
  const body = (await response.json()) as { message?: string; fieldErrors?: { message: string }[]; error?: { message: string } };
  return [body.message, body.error?.message, ...(body.fieldErrors ?? []).map((error) => error.message)].filter(Boolean).join(' | ');
};

describe("agents' word on the assistant's answers, for admins", () => {
  it('lets an agent mark an answer of their own conversation not helpful, once per key and once per answer, and lists it for admins with the passage used', async () => {
    const [agent, other, admin] = [await supportAgent('feedback'), await supportAgent('feedback-other'), await supportAdmin()];
    const question = 'How much does licensing cost?';
    // Other tests' agents mark answers too: this one is known by its note.
    const note = `I asked about the exam only (${randomUUID().slice(0, 8)})`;
    const answer = await ask(agent.client, question);
    expect(answer).toMatchObject({ answered: true, answerSeq: 2, conversationId: expect.stringMatching(/^[0-9a-f-]{36}$/) });

    // Another agent cannot mark it, nor learn whether it exists.
    const foreign = await markUnhelpful(other.client, answer, { note: 'not mine' });
    expect(foreign.status).toBe(404);
    expect(await messagesOf(foreign)).toContain('That answer is not in your conversations.');
    const none = await markUnhelpful(other.client, { conversationId: randomUUID(), answerSeq: 2 }, {});
    expect(none.status).toBe(404);

    const key = randomUUID();
    const marked = await markUnhelpful(agent.client, answer, { note }, key);
    expect(marked.status).toBe(201);
    expect(await marked.json()).toEqual({ marked: true });
    // The same request again answers the same; the same answer marked again changes nothing.
    expect((await markUnhelpful(agent.client, answer, { note }, key)).status).toBe(201);
    expect((await markUnhelpful(agent.client, answer, { note: 'a second word' })).status).toBe(201);

    await expect
      .poll(async () => (await json<Feedback>(admin.client.request('GET', '/api/admin/assistant/feedback'))).unhelpful.filter((u) => u.note === note))
      .toEqual([
        {
          answerSeq: 2,
          question,
          answer: answer.message,
          note,
          margin: expect.any(Number),
          markedAt: expect.any(String),
          passages: [{ id: 'onboarding:costs', heading: 'What it costs: licensing costs $181 in all', pageTitle: 'Getting Started', url: '/onboarding' }],
        },
      ]);
    expect((await agent.client.request('GET', '/api/admin/assistant/feedback')).status).toBe(403);
  });

  it('lists a question answered with a low margin with the passage used', async () => {
    const [agent, admin] = [await supportAgent('low-margin'), await supportAdmin()];
    // Another passage (the wallet overview) fits this one nearly as well as the statement's.
    const question = 'Can I download my wallet statement?';
    expect(await ask(agent.client, question)).toMatchObject({ answered: true });
    const listed = await json<Feedback>(admin.client.request('GET', '/api/admin/assistant/feedback'));
    const entry = listed.lowMargin.find((low) => low.question === question);
    expect(entry).toMatchObject({ passage: { id: 'help:wallet-statement', heading: 'Wallet statement and history', url: '/wallet' } });
    expect(entry!.margin).toBeGreaterThanOrEqual(1);
    expect(entry!.margin).toBeLessThan(1.25);
  });

  it('refuses bad input with a 400 that says what is wrong, never a 500, and a visitor with a 401', async () => {
    const agent = await supportAgent('feedback-bad');
    const answer = await ask(agent.client, 'How do I connect Ringy?');
    const cases: { request: () => Promise<Response>; says: string }[] = [
      { request: () => markUnhelpful(agent.client, answer, {}, null), says: 'Idempotency-Key' },
      { request: () => markUnhelpful(agent.client, answer, {}, 'short'), says: 'Idempotency-Key' },
      { request: () => markUnhelpful(agent.client, { ...answer, answerSeq: 'abc' }, {}), says: 'Name the answer by its number in the conversation.' },
      { request: () => markUnhelpful(agent.client, { ...answer, answerSeq: 0 }, {}), says: 'Name the answer by its number in the conversation.' },
      { request: () => markUnhelpful(agent.client, { ...answer, conversationId: 'not-a-uuid' }, {}), says: 'Not a conversation of yours.' },
      { request: () => markUnhelpful(agent.client, answer, { note: 'x'.repeat(501) }), says: 'The note can be at most 500 characters.' },
      { request: () => markUnhelpful(agent.client, answer, { note: 42 }), says: 'The note is text.' },
      { request: () => markUnhelpful(agent.client, answer, { note: 'ok', rating: 1 }), says: 'Send only a note.' },
      { request: () => markUnhelpful(agent.client, answer, ['a list']), says: '' },
    ];
    for (const { request, says } of cases) {
      const refused = await request();
      expect(refused.status, says).toBe(400);
      expect(await messagesOf(refused), says).toContain(says);
    }
    const visitor = new ApiClient(portalUrl());
    expect((await markUnhelpful(visitor, answer, {})).status).toBe(401);
  });
});

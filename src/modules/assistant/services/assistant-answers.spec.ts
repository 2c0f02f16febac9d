import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import type { EventStore } from '../../../platform/event-store/event-store.port.js';
import { AssistantAnswers } from './assistant-answers.js';

type Behaviour = 'stream' | 'fail' | 'stall' | 'break';

/**
 * A local stand-in for an OpenAI-compatible chat endpoint (POST {base}/chat/completions with
 * stream: true answers `data: {chunk}` lines and `data: [DONE]`), as the public API reference
 * describes it, with the failures the assistant must survive.
 */
function chatStandIn() {
  const received: { authorization?: string; body: { model: string; stream: boolean; messages: { role: string; content: string }[] } }[] = [];
  let behaviour: Behaviour = 'stream';
  const chunk = (content: string) =>
    `data: ${JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', created: 0, model: 'm', choices: [{ index: 0, delta: { content } }] })}\n\n`;
  const server = http.createServer((request, response) => {
    let raw = '';
    request.on('data', (part: Buffer) => (raw += part.toString()));
    request.on('end', () => {
      received.push({ authorization: request.headers.authorization, body: JSON.parse(raw) as (typeof received)[number]['body'] });
      if (request.url !== '/v1/chat/completions') return void response.writeHead(404).end();
      if (behaviour === 'fail') return void response.writeHead(500, { 'content-type': 'application/json' }).end('{"error":{"message":"overloaded"}}');
      if (behaviour === 'stall') return; // never answers: the timeout must end it
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      response.write(chunk('Licensing costs '));
      if (behaviour === 'break') return void setTimeout(() => response.destroy(), 100);
      response.write(chunk('$181 in all.'));
      response.end('data: [DONE]\n\n');
    });
  });
  return {
    received,
    set: (next: Behaviour) => (behaviour = next),
    start: () =>
      new Promise<string>((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`))),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('the assistant with a chat model', () => {
  const standIn = chatStandIn();
  // A generous time limit, so a loaded machine's first answer (the client and the index loading)
  // is not taken for a stalled model; the stall is tested against a short one.
  let answers: AssistantAnswers;
  let impatient: AssistantAnswers;
  const noDatabase = { query: () => Promise.reject(new Error('no database in this test')) } as unknown as pg.Pool;

  beforeAll(async () => {
    const baseUrl = await standIn.start();
    const withTimeout = (timeoutMs: number) => {
      const config = {
        chatModel: { baseUrl, apiKey: 'test-key', model: 'test-model', timeoutMs },
        conversationRetentionDays: 90,
        orgTimeZone: 'America/New_York',
      };
      return new AssistantAnswers(noDatabase, config as unknown as ConstructorParameters<typeof AssistantAnswers>[1], {} as EventStore);
    };
    answers = withTimeout(15_000);
    impatient = withTimeout(500);
  });
  afterAll(() => standIn.stop());
  beforeEach(() => {
    standIn.received.length = 0;
    standIn.set('stream');
  });

  const ask = (question: string, by: () => AssistantAnswers = () => answers) => {
    const deltas: string[] = [];
    let resets = 0;
    const answered = by().answer([{ role: 'user', content: question }], null, new Date(), {
      delta: (text) => deltas.push(text),
      reset: () => (resets += 1),
    });
    return answered.then((answer) => ({ answer, deltas, resets }));
  };

  it('streams the model’s phrasing of the retrieved passages only, citing the same pages', async () => {
    const { answer, deltas } = await ask('How much does licensing cost?');
    expect(deltas).toEqual(['Licensing costs ', '$181 in all.']);
    const { grounds, ...said } = answer;
    expect(grounds?.passageIds).toEqual(['onboarding:costs']);
    expect(said).toEqual({
      message: 'Licensing costs $181 in all.',
      sources: [{ title: 'Getting Started', url: '/onboarding' }],
      answered: true,
      handoff: false,
    });
    const [request] = standIn.received;
    expect(request!.authorization).toBe('Bearer test-key');
    expect(request!.body).toMatchObject({ model: 'test-model', stream: true });
    const system = request!.body.messages[0]!;
    expect(system.role).toBe('system');
    expect(system.content).toContain('using ONLY the passages below');
    expect(system.content).toContain('Pre-license course $29, State exam $44, Fingerprinting $51');
    expect(request!.body.messages.at(-1)).toEqual({ role: 'user', content: 'How much does licensing cost?' });
  });

  it('answers from the passages when the model fails, takes too long, or breaks off part way (the dialog is told to reset)', async () => {
    for (const behaviour of ['fail', 'stall', 'break'] as const) {
      standIn.set(behaviour);
      const { answer, resets } = await ask('How much does licensing cost?', () => (behaviour === 'stall' ? impatient : answers));
      expect(answer.message, behaviour).toMatch(/^Getting licensed costs \$181 in all: Pre-license course \$29/);
      expect(answer.sources).toEqual([{ title: 'Getting Started', url: '/onboarding' }]);
      expect(resets, behaviour).toBe(behaviour === 'break' ? 1 : 0);
    }
  });

  it('never asks the model what the portal’s pages do not answer', async () => {
    const { answer } = await ask('What is the capital of Mongolia?');
    expect(answer).toMatchObject({ answered: false, handoff: true });
    expect(standIn.received).toHaveLength(0);
  });
});

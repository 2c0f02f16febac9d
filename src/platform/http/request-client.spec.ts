import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';

import { requestContextOf } from './request-client.js';

const request = { id: 'req-7', ip: '203.0.113.9', headers: { 'user-agent': 'Firefox' } } as unknown as FastifyRequest;

describe('requestContextOf', () => {
  it("carries the actor, the request id as correlation, and the caller's address and browser", () => {
    const now = new Date('2026-11-26T10:00:00Z');
    expect(requestContextOf(request, { type: 'user', id: 'u1' }, now)).toEqual({
      actor: { type: 'user', id: 'u1' },
      correlationId: 'req-7',
      causationId: null,
      requestId: 'req-7',
      now,
      client: { ip: '203.0.113.9', userAgent: 'Firefox' },
    });
  });

  it('names an anonymous actor before sign-in', () => {
    expect(requestContextOf(request).actor).toEqual({ type: 'anonymous', id: 'anonymous' });
  });
});

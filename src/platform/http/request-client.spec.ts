import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';

import { requestContextOf, requestOriginOf, returnOriginFor } from './request-client.js';

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

describe('the origin a request came to', () => {
  const at = (host: string | undefined, protocol = 'http') => ({ host, protocol }) as unknown as FastifyRequest;

  it('is the scheme and host the browser used, port included', () => {
    expect(requestOriginOf(at('127.0.0.1:3000'))).toBe('http://127.0.0.1:3000');
    expect(requestOriginOf(at('Portal.Example.com', 'https'))).toBe('https://portal.example.com');
    expect(requestOriginOf(at('[::1]:3000'))).toBe('http://[::1]:3000');
  });

  it('is none for a Host header that is not a plain host', () => {
    for (const host of [undefined, '', 'evil.example/path', 'a b', 'x@evil.example', 'host:port']) expect(requestOriginOf(at(host))).toBeNull();
  });

  it('gives way to PUBLIC_URL when it was set', () => {
    expect(returnOriginFor({ publicUrl: 'https://portal.example.com', publicUrlSet: true }, 'http://127.0.0.1:3000')).toBe('https://portal.example.com');
    expect(returnOriginFor({ publicUrl: 'http://localhost:3000', publicUrlSet: false }, 'http://127.0.0.1:3000')).toBe('http://127.0.0.1:3000');
    expect(returnOriginFor({ publicUrl: 'http://localhost:3000', publicUrlSet: false }, null)).toBe('http://localhost:3000');
  });
});

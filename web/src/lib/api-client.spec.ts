import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { api, ApiRequestError, forgetEarlyReads, readEarly, setCsrfToken } from './api-client';

type Call = { path: string; init: RequestInit };

describe('the API client', () => {
  let calls: Call[];
  let answer: () => Promise<Response>;

  beforeEach(() => {
    calls = [];
    answer = async () => new Response(JSON.stringify({ ok: true }), { status: 200 });
    vi.stubGlobal('fetch', async (path: string, init: RequestInit) => {
      calls.push({ path, init });
      return answer();
    });
  });
  afterEach(() => {
    forgetEarlyReads();
    setCsrfToken(null);
    vi.unstubAllGlobals();
  });

  const headers = (call: Call) => call.init.headers as Record<string, string>;

  it('sends the CSRF token with writes only, and JSON bodies as JSON', async () => {
    setCsrfToken('token-1');
    await api('GET', '/api/thing');
    await api('POST', '/api/thing', { a: 1 });
    expect(headers(calls[0]!)['x-csrf-token']).toBeUndefined();
    expect(headers(calls[1]!)).toMatchObject({ 'x-csrf-token': 'token-1', 'content-type': 'application/json' });
    expect(calls[1]!.init.body).toBe('{"a":1}');
    setCsrfToken(null);
    await api('DELETE', '/api/thing');
    expect(headers(calls[2]!)['x-csrf-token']).toBeUndefined();
  });

  it('returns nothing for 204 and the body otherwise', async () => {
    expect(await api('GET', '/api/thing')).toEqual({ ok: true });
    answer = async () => new Response(null, { status: 204 });
    expect(await api('POST', '/api/thing')).toBeUndefined();
  });

  it("throws the server's error with its code, message, field errors and further details", async () => {
    answer = async () =>
      new Response(
        JSON.stringify({ code: 'INVALID_ACCESS_CODE', message: 'Invalid access code', fieldErrors: [{ field: 'code', message: 'x' }], remainingAttempts: 3 }),
        { status: 400 },
      );
    const error = await api('POST', '/api/access/verify', { code: 'A' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({
      status: 400,
      code: 'INVALID_ACCESS_CODE',
      message: 'Invalid access code',
      fieldErrors: [{ field: 'code', message: 'x' }],
      details: { remainingAttempts: 3 },
    });
  });

  it('says something went wrong when an error has no body, and that the server is unreachable when fetch fails', async () => {
    answer = async () => new Response('<html>bad gateway</html>', { status: 502 });
    await expect(api('GET', '/api/thing')).rejects.toMatchObject({ status: 502, code: 'ERROR', message: 'Something went wrong. Please try again.' });
    answer = async () => {
      throw new TypeError('fetch failed');
    };
    await expect(api('GET', '/api/thing')).rejects.toMatchObject({ status: 0, code: 'NETWORK' });
  });

  it('answers a page’s first read from the read started early, once, without asking again', async () => {
    answer = async () => new Response(JSON.stringify({ n: calls.length }), { status: 200 });
    readEarly(['/api/profile']);
    expect(calls.map((call) => call.path)).toEqual(['/api/profile']);
    expect(await api('GET', '/api/profile')).toEqual({ n: 1 });
    expect(calls).toHaveLength(1);
    // Taken once: the next read (a reload) asks the server.
    expect(await api('GET', '/api/profile')).toEqual({ n: 2 });
    expect(calls).toHaveLength(2);
  });

  it('asks again when the early read failed, so the page meets its own request’s answer', async () => {
    answer = async () => new Response(JSON.stringify({ code: 'UNAUTHORIZED', message: 'Sign in first' }), { status: 401 });
    readEarly(['/api/profile']);
    answer = async () => new Response(JSON.stringify({ ok: 'again' }), { status: 200 });
    expect(await api('GET', '/api/profile')).toEqual({ ok: 'again' });
    expect(calls).toHaveLength(2);
  });

  it('takes no early read for a write, a read with headers of its own, or after they were forgotten', async () => {
    readEarly(['/api/thing']);
    await api('POST', '/api/thing', { a: 1 });
    await api('GET', '/api/thing', undefined, { 'x-extra': '1' });
    expect(calls).toHaveLength(3);
    forgetEarlyReads();
    await api('GET', '/api/thing');
    expect(calls).toHaveLength(4);
  });
});

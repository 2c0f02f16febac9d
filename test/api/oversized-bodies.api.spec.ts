import http from 'node:http';
import { describe, expect, it } from 'vitest';

import { inParallel } from '../support/parallel.js';
import { portalUrl } from '../support/portal/portal.js';

const TWO_MB = 2 * 1024 * 1024;
const CHUNK = 64 * 1024;

type Outcome = { status: number; body: unknown } | { error: string };

/**
 * Posts a 2 MB JSON body the way a real client does, chunk by chunk as the socket takes it,
 * with or without a Content-Length (the server refuses the first before reading it, the
 * second once it has read past the limit). A client still sending when the server closes
 * the connection gets EPIPE or ECONNRESET instead of the answer.
 */
function postTwoMegabytes(declareLength: boolean): Promise<Outcome> {
  const body = Buffer.from(JSON.stringify({ email: 'x'.repeat(TWO_MB), password: 'p' }));
  const { hostname, port } = new URL(portalUrl());
  return new Promise((resolve) => {
    let settled = false;
    const settle = (outcome: Outcome) => {
      if (settled) return;
      settled = true;
      resolve(outcome);
    };
    const request = http.request(
      {
        hostname,
        port,
        method: 'POST',
        path: '/api/auth/sign-in',
        agent: false,
        headers: { 'content-type': 'application/json', ...(declareLength ? { 'content-length': body.length } : {}) },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => settle({ status: response.statusCode!, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) }));
        response.on('error', (error: NodeJS.ErrnoException) => settle({ error: error.code ?? error.message }));
      },
    );
    request.on('error', (error: NodeJS.ErrnoException) => settle({ error: error.code ?? error.message }));
    let offset = 0;
    const send = () => {
      while (offset < body.length) {
        const chunk = body.subarray(offset, offset + CHUNK);
        offset += chunk.length;
        if (!request.write(chunk)) {
          request.once('drain', send);
          return;
        }
      }
      request.end();
    };
    send();
  });
}

const refused = {
  status: 413,
  body: {
    status: 413,
    code: 'PAYLOAD_TOO_LARGE',
    message: 'The request body is larger than 1 MB, the most the portal accepts.',
    requestId: expect.any(String),
  },
};

describe('a body over the size limit is read to its end and answered 413, never cut off', () => {
  it('60 posts of 2 MB one after the other, with and without a Content-Length', async () => {
    const outcomes: Outcome[] = [];
    for (let index = 0; index < 60; index++) outcomes.push(await postTwoMegabytes(index % 2 === 0));
    expect(outcomes).toEqual(Array.from({ length: 60 }, () => refused));
  });

  it('40 posts of 2 MB at once, with and without a Content-Length', async () => {
    const outcomes = await inParallel(40, (index) => postTwoMegabytes(index % 2 === 0));
    expect(outcomes).toEqual(Array.from({ length: 40 }, () => refused));
  });
});

import net from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { inParallel } from '../../../test/support/parallel.js';
import { closeStalledBodies } from './stalled-bodies.js';

const IDLE_MS = 300;

/** Sends a POST's head and `sent` of the `declared` body bytes, then `more` further chunks 100 ms apart; resolves with what came back once the server closed the socket. */
function post(port: number, declared: number, sent: number, more = 0): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('data', (text: string) => (answer += text));
    socket.on('close', () => resolve(answer));
    socket.on('error', reject);
    socket.write(`POST /echo HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${declared}\r\n\r\n`);
    socket.write('"' + 'x'.repeat(sent - 1));
    let chunks = 0;
    const drip = setInterval(() => {
      if (chunks++ < more) socket.write('x');
      else clearInterval(drip);
    }, 100);
  });
}

describe('closeStalledBodies', () => {
  let app: FastifyInstance;
  let port: number;

  beforeAll(async () => {
    app = Fastify();
    closeStalledBodies(app, IDLE_MS);
    app.post('/echo', async (request) => ({ length: String(request.body).length }));
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as net.AddressInfo).port;
  });
  afterAll(() => app.close());

  it('answers 408 and closes every connection whose body stopped arriving, all at once', async () => {
    const answers = await inParallel(30, () => post(port, 1000, 10));
    for (const answer of answers) {
      expect(answer).toMatch(/^HTTP\/1.1 408 Request Timeout\r\n/);
      expect(answer).toContain('"message":"The request body stopped arriving. Please send it again."');
    }
  });

  it('keeps a slow body that keeps arriving, and the connection after it', async () => {
    // Five more bytes 100 ms apart: 500 ms in all, longer than the idle limit, never idle for it.
    const socket = net.connect(port, '127.0.0.1');
    const answered = new Promise<string>((resolve) => socket.once('data', (chunk: Buffer) => resolve(chunk.toString('utf8'))));
    socket.write('POST /echo HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 7\r\n\r\n"x');
    for (let i = 0; i < 4; i++) {
      // Not a wait for other work: a slow client's pause between bytes is what is tested.
      await new Promise((resolve) => setTimeout(resolve, 100));
      socket.write('y');
    }
    socket.write('"');
    expect(await answered).toMatch(/^HTTP\/1.1 200 OK[\s\S]*\{"length":5\}$/);
    // Idle between requests is keep-alive, not a stalled body: the socket stays open past the limit.
    const closed = new Promise((resolve) => socket.once('close', resolve));
    const stillOpen = await Promise.race([closed.then(() => false), new Promise((resolve) => setTimeout(() => resolve(true), IDLE_MS * 3))]);
    expect(stillOpen).toBe(true);
    socket.destroy();
  });
});

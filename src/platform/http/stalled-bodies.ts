import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

/** How long a request body may go without a byte arriving before the connection is closed. */
export const BODY_IDLE_MS = 30_000;

/** However steadily it trickles, a request (headers and body) must have arrived within this (Node's `requestTimeout`). */
export const REQUEST_RECEIVE_MS = 10 * 60_000;

const TIMED_OUT_BODY = JSON.stringify({ status: 408, code: 'REQUEST_TIMEOUT', message: 'The request body stopped arriving. Please send it again.' });
const TIMED_OUT = `HTTP/1.1 408 Request Timeout\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(TIMED_OUT_BODY)}\r\n\r\n${TIMED_OUT_BODY}`;

/**
 * A client that promises a body (its Content-Length, or chunks) and stops sending would hold
 * its connection, and what the server set aside for it, forever: Fastify sets no time limit on
 * reading a body. While a body is being received its socket may be idle for at most `idleMs`;
 * then the client is answered 408 and the connection closed. A slow but steady upload (a phone
 * sending a 10 MB receipt) keeps going, and once the body is in, a handler may take as long as
 * it needs and a stream (server-sent events) may stay open.
 */
export function closeStalledBodies(fastify: FastifyInstance, idleMs = BODY_IDLE_MS): void {
  fastify.addHook('onRequest', (request, reply, done) => {
    const body = request.raw;
    if (body.complete || !promisesBody(body)) {
      done();
      return;
    }
    const socket: Socket = body.socket;
    const stalled = () => {
      if (reply.raw.headersSent) socket.destroy();
      else socket.end(TIMED_OUT);
    };
    const received = () => {
      socket.setTimeout(0);
      body.removeListener('timeout', stalled);
      body.removeListener('end', received);
      reply.raw.removeListener('finish', received);
    };
    // On the request, not the socket: Node's server destroys a timed-out socket at once unless the request takes the event.
    body.setTimeout(idleMs, stalled);
    body.once('end', received);
    reply.raw.once('finish', received);
    done();
  });
}

function promisesBody(body: IncomingMessage): boolean {
  const length = body.headers['content-length'];
  return (length !== undefined && length !== '0') || body.headers['transfer-encoding'] !== undefined;
}

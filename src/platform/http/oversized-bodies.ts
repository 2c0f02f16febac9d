import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

/** The largest request body the API reads as JSON or a form (CSV files have their own limit, MAX_CSV_BYTES). */
export const MAX_BODY_BYTES = 1024 * 1024;

/** A body past the limit is still read up to this much before the refusal, so the sender is still listening for it. */
const DRAINED_BYTES = 8 * MAX_BODY_BYTES;

/**
 * Fastify refuses a body past the limit (413) as soon as it sees it and closes the connection
 * after the answer: a client still sending its body then gets EPIPE or a reset and never sees
 * the refusal. The rest of such a body is read and thrown away first, up to DRAINED_BYTES;
 * past that the connection is closed under the sender, so nobody can keep the server reading
 * an endless upload. Only refusals pay for this (an onError hook), not every request.
 */
export function drainOversizedBodies(fastify: FastifyInstance): void {
  fastify.addHook('onError', (request, _reply, error, done) => {
    if ((error as { code?: string }).code !== 'FST_ERR_CTP_BODY_TOO_LARGE') {
      done();
      return;
    }
    drain(request.raw, done);
  });
}

function drain(body: IncomingMessage, done: () => void): void {
  if (body.complete || body.destroyed || Number(body.headers['content-length']) > DRAINED_BYTES) {
    done();
    return;
  }
  let read = 0;
  const finish = () => {
    body.removeListener('data', onData);
    body.removeListener('end', finish);
    body.removeListener('close', finish);
    body.removeListener('error', finish);
    done();
  };
  const onData = (chunk: Buffer | string) => {
    read += chunk.length;
    if (read > DRAINED_BYTES) finish();
  };
  body.on('data', onData);
  body.once('end', finish);
  body.once('close', finish);
  body.once('error', finish);
  body.resume();
}

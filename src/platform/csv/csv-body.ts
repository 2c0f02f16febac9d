import type { FastifyInstance } from 'fastify';

import { ApiError } from '../http/api-error.js';

/** The largest CSV file the API reads (an import of aged-lead inventory, for one). */
export const MAX_CSV_BYTES = 2 * 1024 * 1024;

const tooLarge = () => new ApiError(413, 'CSV_TOO_LARGE', 'The CSV file is larger than 2 MB. Split it into smaller files and import them one by one.');

/** A body past the limit is still read up to this much before the refusal, so the sender is still listening for it. */
const DRAINED_BYTES = 8 * MAX_CSV_BYTES;

/**
 * Lets routes take a CSV file's text as their body (`content-type: text/csv`), up to
 * MAX_CSV_BYTES, refused with a message that says so (not Fastify's generic one). A body
 * too large is read to its end (up to DRAINED_BYTES) and thrown away before the refusal:
 * answered while the client still sends, the connection closes under it (EPIPE) and the
 * client never sees the message.
 */
export function acceptCsvBodies(fastify: FastifyInstance): void {
  fastify.addContentTypeParser('text/csv', (request, payload, done) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const settle = (error: Error | null, body?: string) => {
      if (settled) return;
      settled = true;
      payload.removeListener('data', onData);
      payload.removeListener('end', onEnd);
      done(error, body);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_CSV_BYTES) chunks.push(chunk);
      else if (size > DRAINED_BYTES) settle(tooLarge());
    };
    const onEnd = () => (size > MAX_CSV_BYTES ? settle(tooLarge()) : settle(null, Buffer.concat(chunks).toString('utf8')));
    if (Number(request.headers['content-length']) > DRAINED_BYTES) return done(tooLarge(), undefined);
    payload.on('data', onData);
    payload.on('end', onEnd);
    payload.on('error', (error) => settle(error));
  });
}

import type { FastifyInstance } from 'fastify';
import { ApiError } from '../http/api-error.js';

/** The largest CSV file the API reads (an import of aged-lead inventory, for one). */
export const MAX_CSV_BYTES = 2 * 1024 * 1024;

const tooLarge = () => new ApiError(413, 'CSV_TOO_LARGE', 'The CSV file is larger than 2 MB. Split it into smaller files and import them one by one.');

/**
 * Lets routes take a CSV file's text as their body (`content-type: text/csv`), up to
 * MAX_CSV_BYTES, refused with a message that says so (not Fastify's generic one).
 */
export function acceptCsvBodies(fastify: FastifyInstance): void {
  fastify.addContentTypeParser('text/csv', (request, payload, done) => {
    if (Number(request.headers['content-length']) > MAX_CSV_BYTES) {
      done(tooLarge(), undefined);
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_CSV_BYTES) {
        chunks.push(chunk);
        return;
      }
      payload.removeListener('data', onData);
      payload.removeListener('end', onEnd);
      done(tooLarge(), undefined);
    };
    const onEnd = () => done(null, Buffer.concat(chunks).toString('utf8'));
    payload.on('data', onData);
    payload.on('end', onEnd);
    payload.on('error', (error) => done(error, undefined));
  });
}

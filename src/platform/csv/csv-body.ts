import type { FastifyInstance } from 'fastify';

import { ApiError } from '../http/api-error.js';
import { readLimitedBody } from '../http/limited-body.js';

/** The largest CSV file the API reads (an import of aged-lead inventory, for one). */
export const MAX_CSV_BYTES = 2 * 1024 * 1024;

const tooLarge = () => new ApiError(413, 'CSV_TOO_LARGE', 'The CSV file is larger than 2 MB. Split it into smaller files and import them one by one.');

/**
 * Lets routes take a CSV file's text as their body (`content-type: text/csv`), up to
 * MAX_CSV_BYTES, refused with a message that says so (not Fastify's generic one); a body too
 * large is read to its end (up to 8 × the limit) and thrown away before the refusal.
 */
export function acceptCsvBodies(fastify: FastifyInstance): void {
  fastify.addContentTypeParser('text/csv', (_request, payload, done) =>
    readLimitedBody(payload, { maxBytes: MAX_CSV_BYTES, drainedBytes: 8 * MAX_CSV_BYTES, tooLarge }, (error, body) => done(error, body?.toString('utf8'))),
  );
}

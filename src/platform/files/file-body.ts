import type { FastifyInstance } from 'fastify';

import { ApiError } from '../http/api-error.js';
import { readLimitedBody } from '../http/limited-body.js';

/** The largest file one upload may carry (spec: attachments at most 10MB each). */
export const MAX_FILE_BYTES = 10 * 1024 * 1024;

/** The uploaded file's name, from the `name` query parameter (kept as data only). */
const uploadedNameOf = (query: unknown) => {
  const name = (query as { name?: unknown } | undefined)?.name;
  return typeof name === 'string' ? name : '';
};

/**
 * Lets the given routes take one file as their body (`content-type: application/octet-stream`),
 * counted while it streams in: past MAX_FILE_BYTES nothing more is kept, the rest is read and
 * thrown away (up to twice the limit, then the connection is given up) and the upload is
 * refused with the spec's '{file} exceeds 10MB limit'. Other routes refuse such a body (415),
 * so no other route buffers 10 MB.
 */
export function acceptFileBodies(fastify: FastifyInstance, routes: readonly string[]): void {
  const allowed = new Set(routes);
  fastify.addContentTypeParser('application/octet-stream', (request, payload, done) => {
    if (!allowed.has(request.routeOptions.url ?? '')) {
      return done(new ApiError(415, 'UNSUPPORTED_MEDIA_TYPE', 'This address does not take a file.'), undefined);
    }
    const name = uploadedNameOf(request.query) || 'The file';
    const tooLarge = () => new ApiError(413, 'FILE_TOO_LARGE', `${name} exceeds 10MB limit`);
    readLimitedBody(payload, { maxBytes: MAX_FILE_BYTES, drainedBytes: 2 * MAX_FILE_BYTES, tooLarge }, done);
  });
}

import type { IncomingMessage } from 'node:http';

export type BodyLimit = {
  readonly maxBytes: number;
  /** A body past the limit is still read up to this much before the refusal, so the sender is still listening for it. */
  readonly drainedBytes: number;
  readonly tooLarge: () => Error;
};

/**
 * Reads a request body (a content-type parser's payload) up to `maxBytes`, counted as it
 * streams in. A body too large keeps nothing past the limit and is read to its end (up to
 * `drainedBytes`) and thrown away before the refusal: answered while the client still sends,
 * the connection closes under it (EPIPE) and the client never sees the message.
 */
export function readLimitedBody(payload: IncomingMessage, limit: BodyLimit, done: (error: Error | null, body?: Buffer) => void): void {
  if (Number(payload.headers['content-length']) > limit.drainedBytes) return done(limit.tooLarge());
  const chunks: Buffer[] = [];
  let size = 0;
  let settled = false;
  const settle = (error: Error | null, body?: Buffer) => {
    if (settled) return;
    settled = true;
    payload.removeListener('data', onData);
    payload.removeListener('end', onEnd);
    done(error, body);
  };
  const onData = (chunk: Buffer) => {
    size += chunk.length;
    if (size <= limit.maxBytes) chunks.push(chunk);
    else {
      chunks.length = 0;
      if (size > limit.drainedBytes) settle(limit.tooLarge());
    }
  };
  const onEnd = () => (size > limit.maxBytes ? settle(limit.tooLarge()) : settle(null, Buffer.concat(chunks)));
  payload.on('data', onData);
  payload.on('end', onEnd);
  payload.on('error', (error) => settle(error));
}

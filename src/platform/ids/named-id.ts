import { createHash } from 'node:crypto';

/**
 * An id named by what makes a thing one thing (its kind, its owner, the request's key): the
 * SHA-256 of the parts joined by NUL, laid out as a UUID. The same parts always give the same
 * id, so a repeated request names the same order, return or purchase.
 */
export function namedId(...parts: readonly string[]): string {
  const hex = createHash('sha256').update(parts.join('\u0000')).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

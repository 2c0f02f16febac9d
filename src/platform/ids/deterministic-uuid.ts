import { createHash } from 'node:crypto';

/**
 * How the hash is laid out as a UUID. Ids made by each layout are stored (orders, returns,
 * campaigns, event ids, transfers), and a repeated request must name the same thing again, so
 * a layout's output never changes; a new kind of id picks `v8`.
 * - `v8`: version 8 (a custom UUID), the variant bits from the hash: event, transfer and adjustment ids.
 * - `v4`: version 4, the variant bits from the hash: campaign ids.
 * - `v4-variant-8`: version 4, the variant nibble always 8: aged-lead and business orders, lead returns.
 */
export type UuidLayout = 'v8' | 'v4' | 'v4-variant-8';

/**
 * An id named by what makes a thing one thing (its kind, its owner, the request's key): the
 * SHA-256 of the parts joined by NUL, laid out as a UUID. The same parts always give the same
 * id, so a repeated request names the same order, return, campaign or event.
 */
export function deterministicUuid(layout: UuidLayout, ...parts: readonly string[]): string {
  const hex = createHash('sha256').update(parts.join('\u0000')).digest('hex');
  const version = layout === 'v8' ? '8' : '4';
  const variant = layout === 'v4-variant-8' ? '8' : ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${version}${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

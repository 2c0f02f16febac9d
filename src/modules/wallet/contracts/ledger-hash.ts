import { createHash } from 'node:crypto';

import { canonicalJson } from '../../../platform/domain/canonical-json.js';

/**
 * The hash of one ledger entry: sha256 (hex) over the previous entry's hash, the event type
 * and the event's data without its `entry`, as canonical JSON. The decider writes it; the
 * explain view and `npm run ledger:verify` recompute it, so a rewritten entry shows.
 */
export function ledgerHash(prevHash: string, type: string, data: Readonly<Record<string, unknown>>): string {
  const { entry: _entry, ...rest } = data;
  return createHash('sha256')
    .update(`${prevHash}\n${type}\n${canonicalJson(rest)}`)
    .digest('hex');
}

/** What is wrong with one link of a wallet's chain, as read from the store. */
export type LinkProblem = { readonly what: 'seq' | 'prevHash' | 'hash'; readonly expected: string; readonly found: string };

/**
 * Checks one entry against the one before it (seq 0 and hash '' before the first): the next
 * seq, the previous entry's hash as prevHash, and its own hash recomputed from its data.
 */
export function checkLink(
  previous: { readonly seq: number; readonly hash: string },
  link: { readonly type: string; readonly data: Readonly<Record<string, unknown>>; readonly seq: unknown; readonly prevHash: unknown; readonly hash: unknown },
): LinkProblem | null {
  if (link.seq !== previous.seq + 1) return { what: 'seq', expected: String(previous.seq + 1), found: String(link.seq) };
  if (link.prevHash !== previous.hash) return { what: 'prevHash', expected: previous.hash, found: String(link.prevHash) };
  const hash = ledgerHash(previous.hash, link.type, link.data);
  if (link.hash !== hash) return { what: 'hash', expected: hash, found: String(link.hash) };
  return null;
}

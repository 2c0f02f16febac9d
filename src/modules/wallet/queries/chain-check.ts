import { checkLink } from '../contracts/ledger-hash.js';

/** One stored link, as a verifier reads it. */
export type ChainLink = { readonly seq: number; readonly type: string; readonly data: object; readonly prevHash: string; readonly hash: string };

/** Where a chain first fails to verify, or null when every link holds. */
export type ChainBreak = { readonly seq: number; readonly reason: 'seq-gap' | 'prev-hash-mismatch' | 'hash-mismatch' };

/**
 * Checks links in seq order from the first: seq 1, 2, 3 ... with no gap, each link's prevHash
 * equal to the previous link's hash ('' for the first), and each hash recomputed from its data
 * with the decider's own `ledgerHash`.
 */
export function firstChainBreak(links: Iterable<ChainLink>): ChainBreak | null {
  let previous = { seq: 0, hash: '' };
  for (const link of links) {
    const problem = checkLink(previous, { ...link, data: link.data as Readonly<Record<string, unknown>> });
    if (problem) return { seq: link.seq, reason: REASONS[problem.what] };
    previous = link;
  }
  return null;
}

const REASONS = { seq: 'seq-gap', prevHash: 'prev-hash-mismatch', hash: 'hash-mismatch' } as const;

import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';

import { ledgerHash } from '../contracts/ledger-hash.js';
import { firstChainBreak, type ChainLink } from './chain-check.js';

const sha = (text: string) => createHash('sha256').update(text).digest('hex');

function chain(datas: Record<string, unknown>[]): ChainLink[] {
  let prevHash = '';
  return datas.map((data, i) => {
    const hash = ledgerHash(prevHash, 'FundsDeposited', data);
    const link = { seq: i + 1, type: 'FundsDeposited', data: { ...data, entry: { seq: i + 1, prevHash, hash } }, prevHash, hash };
    prevHash = hash;
    return link;
  });
}

describe('the wallet hash chain check', () => {
  it('hashes prevHash, type and the data without its entry as canonical JSON, joined by newlines', () => {
    expect(ledgerHash('abc', 'FundsDeposited', { userId: 'u', amountCents: 5, entry: { seq: 1, prevHash: 'x', hash: 'y' } })).toBe(
      sha('abc\nFundsDeposited\n{"amountCents":5,"userId":"u"}'),
    );
  });

  it('verifies an intact chain and names the first entry that was changed, removed or re-linked', () => {
    const links = chain([{ amountCents: 100 }, { amountCents: 200 }, { amountCents: 300 }]);
    expect(firstChainBreak(links)).toBeNull();
    expect(firstChainBreak(links.map((l, i) => (i === 1 ? { ...l, data: { ...l.data, amountCents: 999 } } : l)))).toEqual({ seq: 2, reason: 'hash-mismatch' });
    expect(firstChainBreak([links[0]!, links[2]!])).toEqual({ seq: 3, reason: 'seq-gap' });
    expect(firstChainBreak(links.map((l, i) => (i === 2 ? { ...l, prevHash: links[0]!.hash } : l)))).toEqual({ seq: 3, reason: 'prev-hash-mismatch' });
  });
});

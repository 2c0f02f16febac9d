import { describe, expect, it } from 'vitest';

import { namedId } from './named-id.js';

describe('namedId', () => {
  it('gives the same UUID-shaped id for the same parts, and another for other parts', () => {
    const id = namedId('aged-order', 'owner-1', 'key-1');
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-8[0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(namedId('aged-order', 'owner-1', 'key-1')).toBe(id);
    expect(namedId('aged-order', 'owner-1', 'key-2')).not.toBe(id);
    // The separator keeps ('ab', 'c') and ('a', 'bc') apart.
    expect(namedId('ab', 'c')).not.toBe(namedId('a', 'bc'));
  });
});

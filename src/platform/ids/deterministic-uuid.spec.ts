import { describe, expect, it } from 'vitest';

import { deterministicUuid } from './deterministic-uuid.js';

const OWNER = '3f2b1c9e-0d4a-4e8b-9c7d-1a2b3c4d5e6f';

describe('deterministicUuid', () => {
  it('gives the same UUID-shaped id for the same parts, and another for other parts', () => {
    const id = deterministicUuid('v4-variant-8', 'aged-order', 'owner-1', 'key-1');
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-8[0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(deterministicUuid('v4-variant-8', 'aged-order', 'owner-1', 'key-1')).toBe(id);
    expect(deterministicUuid('v4-variant-8', 'aged-order', 'owner-1', 'key-2')).not.toBe(id);
    // The separator keeps ('ab', 'c') and ('a', 'bc') apart.
    expect(deterministicUuid('v8', 'ab', 'c')).not.toBe(deterministicUuid('v8', 'a', 'bc'));
  });

  it('lays out version and variant as each layout says', () => {
    for (let i = 0; i < 50; i++) {
      expect(deterministicUuid('v8', String(i))).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(deterministicUuid('v4', String(i))).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    }
  });

  // Ids already stored and the idempotency of repeated requests depend on these: the values
  // were computed by the three helpers this one replaced, and must never change.
  it('names orders and lead returns as before (v4, variant 8)', () => {
    expect(deterministicUuid('v4-variant-8', 'aged-order', OWNER, 'key-1')).toBe('ccf36975-6ae0-40e3-8533-eeee97ec5891');
    expect(deterministicUuid('v4-variant-8', 'lead-return', OWNER, 'key-2')).toBe('553bcf2c-1b59-4dbb-8556-b03dc69464ee');
    expect(deterministicUuid('v4-variant-8', 'business-order', OWNER, 'k')).toBe('f526c3ee-dd9c-41e7-80d1-b8a573f02db5');
  });

  it('names campaigns as before (v4, variant from the hash)', () => {
    expect(deterministicUuid('v4', 'campaign', OWNER, 'key-1')).toBe('77c0d27c-39e0-4914-a894-506ff2d93d5e');
    expect(deterministicUuid('v4', 'campaign', OWNER, 'key-2')).toBe('c51a64f8-cd16-46fd-aded-5ea966a71a75');
    expect(deterministicUuid('v4', 'campaign', 'u', 'k')).toBe('147a02f1-e510-4848-a0b9-0571054cd161');
  });

  it('names events, transfers and adjustments as before (v8, variant from the hash)', () => {
    expect(deterministicUuid('v8', `wallet-${OWNER}`, 'req-1', '0')).toBe('a61248c9-026a-84f5-8662-b322d225f2ca');
    expect(deterministicUuid('v8', `transfer-${OWNER}`, 'key-1', '0')).toBe('9b4ce652-54dd-87a4-b5c6-55900afd5763');
    expect(deterministicUuid('v8', 's', 'k', '7')).toBe('b8dce870-a7e5-8ab9-b8fb-51c8b0d3fc0b');
  });
});

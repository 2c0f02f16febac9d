import { describe, expect, it } from 'vitest';

import { newWebhookSecret, signingSecretsOf, signWebhook, verifyWebhook, webhookHeaders } from './standard-webhooks.js';

// The test vector published with the Standard Webhooks specification (and Svix's libraries).
const VECTOR = {
  secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
  id: 'msg_p5jXN8AQM9LWM0D4loKWxJek',
  timestamp: 1614265330,
  body: '{"test": 2432232314}',
  signature: 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
};
const AT_VECTOR = VECTOR.timestamp * 1000;
const vectorHeaders = { 'webhook-id': VECTOR.id, 'webhook-timestamp': String(VECTOR.timestamp), 'webhook-signature': VECTOR.signature };

describe('Standard Webhooks signing', () => {
  it('signs the specification’s test vector to its published signature', () => {
    expect(signWebhook(VECTOR.secret, VECTOR.id, VECTOR.timestamp, VECTOR.body)).toBe(VECTOR.signature);
    expect(webhookHeaders(VECTOR.secret, VECTOR.id, VECTOR.body, AT_VECTOR + 999)).toEqual(vectorHeaders);
  });

  it('verifies the vector, and refuses a changed body, another id, another secret and a stale timestamp', () => {
    expect(verifyWebhook(VECTOR.secret, vectorHeaders, VECTOR.body, { now: AT_VECTOR })).toEqual({ valid: true });
    expect(verifyWebhook(VECTOR.secret, vectorHeaders, '{"test": 2432232315}', { now: AT_VECTOR }).valid).toBe(false);
    expect(verifyWebhook(VECTOR.secret, { ...vectorHeaders, 'webhook-id': 'msg_other' }, VECTOR.body, { now: AT_VECTOR }).valid).toBe(false);
    expect(verifyWebhook(newWebhookSecret(), vectorHeaders, VECTOR.body, { now: AT_VECTOR }).valid).toBe(false);
    expect(verifyWebhook(VECTOR.secret, vectorHeaders, VECTOR.body, { now: AT_VECTOR + 301_000 })).toEqual({
      valid: false,
      reason: 'webhook-timestamp is too old or too new',
    });
    expect(verifyWebhook(VECTOR.secret, { 'webhook-id': VECTOR.id }, VECTOR.body, { now: AT_VECTOR }).valid).toBe(false);
  });

  it('accepts any one of several signatures, as during a secret rotation', () => {
    const headers = { ...vectorHeaders, 'webhook-signature': `v1,bm90IGl0 v2,whatever ${VECTOR.signature}` };
    expect(verifyWebhook(VECTOR.secret, headers, VECTOR.body, { now: AT_VECTOR })).toEqual({ valid: true });
  });

  it('signs with both secrets during a rotation, so a receiver holding either the new or the old one verifies', () => {
    const [fresh, old, stranger] = [newWebhookSecret(), VECTOR.secret, newWebhookSecret()];
    const headers = webhookHeaders([fresh, old], VECTOR.id, VECTOR.body, AT_VECTOR);
    const signatures = headers['webhook-signature'].split(' ');
    expect(signatures).toEqual([signWebhook(fresh, VECTOR.id, VECTOR.timestamp, VECTOR.body), VECTOR.signature]);
    expect(signatures.every((signature) => /^v1,[A-Za-z0-9+/]{43}=$/.test(signature))).toBe(true);
    expect(verifyWebhook(fresh, headers, VECTOR.body, { now: AT_VECTOR })).toEqual({ valid: true });
    expect(verifyWebhook(old, headers, VECTOR.body, { now: AT_VECTOR })).toEqual({ valid: true });
    expect(verifyWebhook(stranger, headers, VECTOR.body, { now: AT_VECTOR })).toEqual({ valid: false, reason: 'no signature matches' });
    expect(verifyWebhook(old, headers, `${VECTOR.body} `, { now: AT_VECTOR }).valid).toBe(false);
    // One secret is one signature, as before any rotation.
    expect(webhookHeaders([old], VECTOR.id, VECTOR.body, AT_VECTOR)).toEqual(vectorHeaders);
    expect(() => webhookHeaders([], VECTOR.id, VECTOR.body, AT_VECTOR)).toThrow(/needs a signing secret/);
  });

  it('signs with the current secret first and the one it replaced while that is still kept', () => {
    expect(signingSecretsOf({ apiKey: 'k', signingSecret: 'whsec_new' })).toEqual(['whsec_new']);
    expect(signingSecretsOf({ signingSecret: 'whsec_new', previousSigningSecret: 'whsec_old' })).toEqual(['whsec_new', 'whsec_old']);
    expect(signingSecretsOf({ previousSigningSecret: 'whsec_old' })).toEqual([]);
  });

  it('makes secrets of 32 random bytes behind whsec_, each different', () => {
    const [a, b] = [newWebhookSecret(), newWebhookSecret()];
    expect(a).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(a.slice(6), 'base64')).toHaveLength(32);
    expect(a).not.toBe(b);
  });
});

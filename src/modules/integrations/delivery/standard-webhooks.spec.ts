import { describe, expect, it } from 'vitest';
import { newWebhookSecret, signWebhook, verifyWebhook, webhookHeaders } from './standard-webhooks.js';

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
    expect(verifyWebhook(VECTOR.secret, vectorHeaders, VECTOR.body, { now: AT_VECTOR + 301_000 })).toEqual({ valid: false, reason: 'webhook-timestamp is too old or too new' });
    expect(verifyWebhook(VECTOR.secret, { 'webhook-id': VECTOR.id }, VECTOR.body, { now: AT_VECTOR }).valid).toBe(false);
  });

  it('accepts any one of several signatures, as during a secret rotation', () => {
    const headers = { ...vectorHeaders, 'webhook-signature': `v1,bm90IGl0 v2,whatever ${VECTOR.signature}` };
    expect(verifyWebhook(VECTOR.secret, headers, VECTOR.body, { now: AT_VECTOR })).toEqual({ valid: true });
  });

  it('makes secrets of 32 random bytes behind whsec_, each different', () => {
    const [a, b] = [newWebhookSecret(), newWebhookSecret()];
    expect(a).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(a.slice(6), 'base64')).toHaveLength(32);
    expect(a).not.toBe(b);
  });
});

import { describe, expect, it } from 'vitest';
import { generateSigningSecret, signWebhook, webhookHeaders } from './standard-webhooks.js';

describe('Standard Webhooks signatures', () => {
  it('reproduces the published test vector, so the standard verifier libraries accept what we send', () => {
    expect(signWebhook('whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', 'msg_p5jXN8AQM9LWM0D4loKWxJek', 1614265330, '{"test": 2432232314}')).toBe('v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=');
  });

  it('signs the id, the time in seconds and the exact body: changing any one changes the signature', () => {
    const secret = generateSigningSecret();
    const headers = webhookHeaders(secret, 'delivery-1', new Date('2026-11-25T15:00:00.900Z'), '{"a":1}');
    expect(headers['webhook-id']).toBe('delivery-1');
    expect(headers['webhook-timestamp']).toBe('1795618800');
    expect(headers['webhook-signature']).toBe(signWebhook(secret, 'delivery-1', 1795618800, '{"a":1}'));
    expect(signWebhook(secret, 'delivery-2', 1795618800, '{"a":1}')).not.toBe(headers['webhook-signature']);
    expect(signWebhook(secret, 'delivery-1', 1795618801, '{"a":1}')).not.toBe(headers['webhook-signature']);
    expect(signWebhook(secret, 'delivery-1', 1795618800, '{"a":2}')).not.toBe(headers['webhook-signature']);
  });

  it('makes a new whsec_ secret of 32 random bytes each time', () => {
    const [one, two] = [generateSigningSecret(), generateSigningSecret()];
    expect(one).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(one.slice(6), 'base64')).toHaveLength(32);
    expect(one).not.toBe(two);
  });
});

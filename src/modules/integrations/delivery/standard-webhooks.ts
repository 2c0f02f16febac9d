import { createHmac, randomBytes } from 'node:crypto';

/**
 * Signing per Standard Webhooks (standardwebhooks.com), so a receiver can check a request
 * came from us, unchanged, with any of the published verifier libraries: the secret is
 * `whsec_` + base64 of random bytes; the signature is `v1,` + base64 HMAC-SHA256, keyed with
 * the decoded secret, over `${webhook-id}.${webhook-timestamp}.${body}`. The id stays the same
 * across retries of one delivery (receivers de-duplicate on it); the timestamp (seconds) and
 * signature are fresh on every attempt.
 */

const PREFIX = 'whsec_';

/** A new signing secret: 32 random bytes (the standard asks for 24 to 64). */
export function generateSigningSecret(): string {
  return `${PREFIX}${randomBytes(32).toString('base64')}`;
}

/** `v1,<base64>` for this id, time (seconds since the epoch) and exact body. */
export function signWebhook(secret: string, id: string, timestampSeconds: number, body: string): string {
  const key = Buffer.from(secret.startsWith(PREFIX) ? secret.slice(PREFIX.length) : secret, 'base64');
  const signature = createHmac('sha256', key).update(`${id}.${timestampSeconds}.${body}`, 'utf8').digest('base64');
  return `v1,${signature}`;
}

/** The three headers of a signed request. */
export function webhookHeaders(secret: string, id: string, at: Date, body: string): Record<'webhook-id' | 'webhook-timestamp' | 'webhook-signature', string> {
  const timestamp = Math.floor(at.getTime() / 1000);
  return { 'webhook-id': id, 'webhook-timestamp': String(timestamp), 'webhook-signature': signWebhook(secret, id, timestamp, body) };
}

import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Signing per Standard Webhooks (standardwebhooks.com, the scheme Svix uses): the secret is
 * `whsec_` + base64 of random bytes; the signature is `v1,` + base64 of HMAC-SHA256, keyed with
 * those bytes, over `<webhook-id>.<webhook-timestamp>.<body>`; the timestamp is in whole seconds.
 * No npm package for it is installed, so it is written here and tested against the spec's vector.
 */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';

export type WebhookHeaders = { readonly 'webhook-id': string; readonly 'webhook-timestamp': string; readonly 'webhook-signature': string };

/** A new signing secret: 32 random bytes (the spec asks for 24 to 64). */
export function newWebhookSecret(): string {
  return `${WEBHOOK_SECRET_PREFIX}${randomBytes(32).toString('base64')}`;
}

function keyOf(secret: string): Buffer {
  const encoded = secret.startsWith(WEBHOOK_SECRET_PREFIX) ? secret.slice(WEBHOOK_SECRET_PREFIX.length) : secret;
  const key = Buffer.from(encoded, 'base64');
  if (key.length === 0) throw new Error('The webhook signing secret is empty');
  return key;
}

/** `v1,<base64 signature>` of one message. */
export function signWebhook(secret: string, id: string, timestampSeconds: number, body: string): string {
  const mac = createHmac('sha256', keyOf(secret)).update(`${id}.${timestampSeconds}.${body}`, 'utf8').digest('base64');
  return `v1,${mac}`;
}

/**
 * The three headers of a signed request, timestamped now. With several secrets (the current one
 * and, while a rotation's grace period lasts, the one it replaced) `webhook-signature` carries
 * one `v1,` signature per secret, separated by spaces, so a receiver holding either verifies.
 */
export function webhookHeaders(secrets: string | readonly string[], id: string, body: string, now: number = Date.now()): WebhookHeaders {
  const timestamp = Math.floor(now / 1000);
  const signatures = (typeof secrets === 'string' ? [secrets] : secrets).map((secret) => signWebhook(secret, id, timestamp, body));
  if (signatures.length === 0) throw new Error('A signed request needs a signing secret');
  return { 'webhook-id': id, 'webhook-timestamp': String(timestamp), 'webhook-signature': signatures.join(' ') };
}

/**
 * An integration's secrets are stored by name; after a rotation the secret it replaced is kept
 * under PREVIOUS_SIGNING_SECRET until its grace period ends (the rows read for a delivery leave
 * it out once expired).
 */
export const SIGNING_SECRET = 'signingSecret';
export const PREVIOUS_SIGNING_SECRET = 'previousSigningSecret';

/** The secrets a request is signed with: the current one first, then the one it replaced, if still in its grace period. */
export function signingSecretsOf(secrets: Readonly<Record<string, string>>): string[] {
  const current = secrets[SIGNING_SECRET];
  if (!current) return [];
  const previous = secrets[PREVIOUS_SIGNING_SECRET];
  return previous ? [current, previous] : [current];
}

export type WebhookCheck = { readonly valid: true } | { readonly valid: false; readonly reason: string };

/**
 * What a receiver does: the headers present, the timestamp within the tolerance (5 minutes, as
 * the spec suggests, against replays), and one of the space-separated `v1,` signatures matching,
 * compared in constant time.
 */
export function verifyWebhook(
  secret: string,
  headers: Readonly<Record<string, string | string[] | undefined>>,
  body: string,
  options: { readonly toleranceSeconds?: number; readonly now?: number } = {},
): WebhookCheck {
  const one = (name: string) => {
    const value = headers[name];
    return Array.isArray(value) ? value[0] : value;
  };
  const id = one('webhook-id');
  const timestamp = one('webhook-timestamp');
  const signatures = one('webhook-signature');
  if (!id || !timestamp || !signatures) return { valid: false, reason: 'missing webhook-id, webhook-timestamp or webhook-signature' };
  if (!/^\d+$/.test(timestamp)) return { valid: false, reason: 'webhook-timestamp is not whole seconds' };
  const now = Math.floor((options.now ?? Date.now()) / 1000);
  if (Math.abs(now - Number(timestamp)) > (options.toleranceSeconds ?? 300)) return { valid: false, reason: 'webhook-timestamp is too old or too new' };
  const expected = Buffer.from(signWebhook(secret, id, Number(timestamp), body).slice(3), 'base64');
  for (const candidate of signatures.split(' ')) {
    const [version, signature] = candidate.split(',', 2);
    if (version !== 'v1' || !signature) continue;
    const given = Buffer.from(signature, 'base64');
    if (given.length === expected.length && timingSafeEqual(given, expected)) return { valid: true };
  }
  return { valid: false, reason: 'no signature matches' };
}

import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type pg from 'pg';

import { canonicalJson } from '../domain/canonical-json.js';
import { DomainError } from '../domain/domain-error.js';
import { ApiError } from './api-error.js';

/** Stripe's window: a key is remembered this long, then may be used again. */
export const IDEMPOTENCY_WINDOW_HOURS = 24;
const KEY_FORMAT = /^[\x21-\x7e]{8,255}$/;
const IN_PROGRESS_WAIT_MS = 10_000;

/**
 * The Idempotency-Key header of a money command or a create: required, 8 to 255 visible ASCII
 * characters. `whatNeedsIt` starts the refusal's sentence ("This request changes money and needs").
 */
export function idempotencyKeyOf(headers: Record<string, string | string[] | undefined>, whatNeedsIt = 'This request changes money and needs'): string {
  const value = headers['idempotency-key'];
  if (typeof value !== 'string' || value === '') {
    throw new ApiError(400, 'IDEMPOTENCY_KEY_REQUIRED', `${whatNeedsIt} an Idempotency-Key header (a new random value per attempt).`);
  }
  if (!KEY_FORMAT.test(value)) {
    throw new ApiError(400, 'IDEMPOTENCY_KEY_INVALID', 'The Idempotency-Key header must be 8 to 255 visible ASCII characters.');
  }
  return value;
}

export type IdempotentAnswer<T> = { readonly status: number; readonly body: T; readonly replayed: boolean };

/**
 * Runs a money command once per (scope, key): the same key with the same request answers the
 * first answer again (refusals included) without running anything; with a different request,
 * 409. A request still running under the key is waited for. An answer that is not the
 * command's own (a 5xx, a conflict, an outage) is not kept, so the caller may retry with the
 * same key.
 */
export async function idempotent<T>(
  pool: pg.Pool,
  request: { readonly scope: string; readonly key: string; readonly payload: unknown },
  run: () => Promise<{ status: number; body: T }>,
): Promise<IdempotentAnswer<T>> {
  const requestHash = hashOf(request.payload);
  const claimed = await pool.query(
    `INSERT INTO idempotency_keys (scope, key, request_hash) VALUES ($1, $2, $3)
     ON CONFLICT (scope, key) DO UPDATE SET request_hash = EXCLUDED.request_hash, status = NULL, body = NULL, created_at = now()
       WHERE idempotency_keys.created_at < now() - make_interval(hours => $4)
     RETURNING 1`,
    [request.scope, request.key, requestHash, IDEMPOTENCY_WINDOW_HOURS],
  );
  if (claimed.rowCount === 0) return replay<T>(pool, request.scope, request.key, requestHash);

  try {
    const answer = await run();
    await keep(pool, request, answer.status, answer.body);
    return { ...answer, replayed: false };
  } catch (error) {
    const refusal = keptRefusal(error);
    if (refusal) {
      await keep(pool, request, refusal.status, refusal.body);
    } else {
      await pool.query(`DELETE FROM idempotency_keys WHERE scope = $1 AND key = $2 AND status IS NULL`, [request.scope, request.key]);
    }
    throw error;
  }
}

/** The answer's JSON text exactly as the reply serializer (JSON.stringify) sends it the first time. */
async function keep(pool: pg.Pool, request: { scope: string; key: string }, status: number, body: unknown): Promise<void> {
  await pool.query(`UPDATE idempotency_keys SET status = $3, body = $4 WHERE scope = $1 AND key = $2`, [
    request.scope,
    request.key,
    status,
    JSON.stringify(body ?? null),
  ]);
}

const KEPT_TEXT = Symbol('the JSON text this answer was first sent as');

/** A replayed answer, readable as the object it was, that the reply serializer sends as the text it was first sent as. */
function replayedBody<T>(text: string): T {
  const body = JSON.parse(text) as T;
  if (typeof body === 'object' && body !== null) Object.defineProperty(body, KEPT_TEXT, { value: text });
  return body;
}

/**
 * Fastify's reply serializer (`setReplySerializer`): an answer replayed under an
 * Idempotency-Key goes out as the bytes first sent, anything else through JSON.stringify
 * (Fastify's own default). Parsing the kept text and serializing it again would not do:
 * keys that look like numbers move to the front of a parsed object.
 */
export function serializeReply(payload: unknown): string {
  return (payload as { [KEPT_TEXT]?: string } | null)?.[KEPT_TEXT] ?? JSON.stringify(payload);
}

/** A rule's refusal is the command's answer and is kept; anything else may go differently next time. */
function keptRefusal(error: unknown): { status: number; body: unknown } | null {
  if (error instanceof DomainError)
    return { status: error.status, body: { error: { code: error.code, message: error.message, details: error.details ?? null } } };
  if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 409 && error.status !== 429) {
    return { status: error.status, body: { error: { code: error.code, message: error.message, fieldErrors: error.fieldErrors ?? null } } };
  }
  return null;
}

async function replay<T>(pool: pg.Pool, scope: string, key: string, requestHash: string): Promise<IdempotentAnswer<T>> {
  const deadline = Date.now() + IN_PROGRESS_WAIT_MS;
  for (let wait = 20; ; wait = Math.min(wait * 2, 250)) {
    const { rows } = await pool.query<{ request_hash: string; status: number | null; body: string | null }>(
      `SELECT request_hash, status, body FROM idempotency_keys WHERE scope = $1 AND key = $2`,
      [scope, key],
    );
    const row = rows[0];
    if (!row) throw new ApiError(409, 'IDEMPOTENCY_KEY_IN_USE', 'A request with this Idempotency-Key did not complete. Please try again.');
    if (row.request_hash !== requestHash) {
      throw new ApiError(409, 'IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was already used for a different request. Use a new key for a new request.');
    }
    if (row.status !== null) {
      const body = replayedBody<T>(row.body ?? 'null');
      const kept = body as { error?: { code: string; message: string; details?: Record<string, unknown> | null } } | null;
      if (row.status >= 400 && kept?.error) throw new DomainError(kept.error.code, kept.error.message, row.status as 422, kept.error.details ?? undefined);
      return { status: row.status, body, replayed: true };
    }
    if (Date.now() > deadline)
      throw new ApiError(409, 'IDEMPOTENCY_KEY_IN_USE', 'A request with this Idempotency-Key is still being processed. Please try again in a moment.');
    await sleep(wait);
  }
}

/** Canonical JSON (keys sorted), hashed: the same request in any key order is the same request. */
export function hashOf(payload: unknown): string {
  return createHash('sha256').update(canonicalJson(payload)).digest('hex');
}

import { OutboundError } from '../../../../platform/outbound/outbound-errors.js';
import type { OutboundHttp } from '../../../../platform/outbound/outbound-http.js';

/** The Textdrip account an API token belongs to, as far as Textdrip says (both may be absent). */
export type TextdripAccount = { readonly name: string | null; readonly email: string | null };

export type TokenCheck =
  | { readonly ok: true; readonly account: TextdripAccount }
  /** invalid_token: Textdrip refused it (trying again cannot help); unavailable: no usable answer (it may). */
  | { readonly ok: false; readonly reason: 'invalid_token' | 'unavailable'; readonly detail: string };

/** How long the check may take: the agent is waiting in the Textdrip window. */
const CHECK_TIMEOUT_MS = 10_000;
/** An API token as Textdrip hands it out: printable, no spaces, of a sane length. */
const TOKEN_SHAPE = /^[\x21-\x7e]{8,2000}$/;

export const isPlausibleToken = (token: string | undefined): token is string => typeof token === 'string' && TOKEN_SHAPE.test(token);

/**
 * Asks Textdrip whose API token this is, before the portal keeps it. Textdrip's REST API
 * (https://api.textdrip.com/api, as the public clients of it call it) takes every action as a
 * POST with a JSON body and `Authorization: Bearer <token>`; `profile` answers the account
 * (`{ status: true, data: { name, email } }`), an unknown token is a 401 (`{ message:
 * "Unauthenticated." }`) or `{ status: false, message }`. The call goes through the fence.
 */
export async function checkTextdripToken(http: OutboundHttp, apiBase: string, token: string): Promise<TokenCheck> {
  let answer;
  try {
    answer = await http.request({
      url: `${apiBase}/profile`,
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, accept: 'application/json', 'content-type': 'application/json' },
      body: '{}',
      timeoutMs: CHECK_TIMEOUT_MS,
      maxRedirects: 0,
    });
  } catch (error) {
    if (error instanceof OutboundError) return { ok: false, reason: 'unavailable', detail: `${error.code}: ${error.message}` };
    throw error;
  }
  if (answer.status === 401 || answer.status === 403) return { ok: false, reason: 'invalid_token', detail: `Textdrip answered ${answer.status}` };
  if (answer.status < 200 || answer.status > 299) return { ok: false, reason: 'unavailable', detail: `Textdrip answered ${answer.status}` };
  let body: unknown;
  try {
    body = JSON.parse(answer.body.toString('utf8'));
  } catch {
    return { ok: false, reason: 'unavailable', detail: 'Textdrip answered something other than JSON' };
  }
  const record = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  if (record.status === false) return { ok: false, reason: 'invalid_token', detail: 'Textdrip answered status false' };
  const data = (record.data ?? record.user ?? {}) as Record<string, unknown>;
  const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim().slice(0, 200) : null);
  return { ok: true, account: { name: text(data.name), email: text(data.email) } };
}

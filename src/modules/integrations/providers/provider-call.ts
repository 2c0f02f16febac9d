import { OutboundError } from '../../../platform/outbound/outbound-errors.js';
import type { OutboundHttp, OutboundRequest, OutboundResponse } from '../../../platform/outbound/outbound-http.js';
import type { SendOutcome } from '../delivery/lead-sender.js';

/** What the spec's Ringy form says when the provider refuses the credentials; every provider's 401/403 reads the same. */
export const INVALID_CREDENTIALS = 'Invalid credentials';

/** A provider's own reading of an answer that came; null leaves it to the HTTP status. */
export type Verdict = { readonly ok: true } | { readonly ok: false; readonly error: string; readonly retryable: boolean };
export type ReadAnswer = (response: OutboundResponse) => Verdict | null;

/**
 * One call to a provider through the fence, as a SendOutcome: 2xx is success unless the
 * provider's reader says otherwise (some answer 200 with a failure inside). Every other
 * status is tried again on the schedule, as Svix does: a 401/403 ('Invalid credentials') or
 * a 4xx refusing the lead may be fixed by the agent meanwhile (each attempt reads the
 * integration afresh), and one that is not ends in the auto-disable. No answer (timeout,
 * connection error) is retried, except a refusal by the fence or an address that is not one.
 */
export async function callProvider(http: OutboundHttp, provider: string, request: OutboundRequest, read: ReadAnswer = () => null): Promise<SendOutcome> {
  const started = performance.now();
  let response: OutboundResponse;
  try {
    response = await http.request(request);
  } catch (error) {
    const durationMs = Math.round(performance.now() - started);
    if (!(error instanceof OutboundError)) throw error;
    const retryable = error.code !== 'refused_address' && error.code !== 'bad_url' && error.code !== 'insecure_redirect';
    return { ok: false, status: null, durationMs, preview: error.message, error: error.message, retryable };
  }
  const answered = { status: response.status, durationMs: response.durationMs, preview: response.preview };
  const verdict = read(response) ?? statusVerdict(provider, response);
  return verdict.ok ? { ...answered, ok: true, error: null, retryable: false } : { ...answered, ok: false, error: verdict.error, retryable: verdict.retryable };
}

function statusVerdict(provider: string, response: OutboundResponse): Verdict {
  const { status } = response;
  if (status >= 200 && status < 300) return { ok: true };
  if (status === 401 || status === 403) return { ok: false, error: INVALID_CREDENTIALS, retryable: true };
  const said = providerMessage(response.preview);
  const answer = `${provider} answered ${status}${said ? `: ${said}` : ''}`;
  if (status === 408 || status === 429 || status >= 500) return { ok: false, error: answer, retryable: true };
  return { ok: false, error: said ? `${provider} refused the lead: ${said}` : answer, retryable: true };
}

/** The message in a JSON error answer ({ message }, { error }, { error: { message } }, { errors: [...] }), else the answer's first line of text. */
export function providerMessage(text: string): string {
  const trimmed = text.trim();
  if (!trimmed) return '';
  try {
    const parsed = JSON.parse(trimmed) as unknown;
    const found = messageIn(parsed);
    if (found) return clip(found);
  } catch {
    // not JSON: the text itself
  }
  if (/^<(!doctype|html)/i.test(trimmed)) return '';
  return clip(trimmed.split('\n')[0]!);
}

function messageIn(value: unknown): string | null {
  if (typeof value === 'string') return value.trim() || null;
  if (Array.isArray(value)) return value.map(messageIn).filter(Boolean).join('; ') || null;
  if (!value || typeof value !== 'object') return null;
  const record = value as Record<string, unknown>;
  for (const key of ['message', 'error', 'errors', 'detail', 'reason']) {
    const found = record[key] === undefined ? null : messageIn(record[key]);
    if (found) return found;
  }
  // Laravel-style { field: ['problem'] } inside errors
  const lists = Object.values(record).filter((item) => Array.isArray(item));
  return lists.length > 0 ? messageIn(lists.flat()) : null;
}

const clip = (text: string) => (text.length > 300 ? `${text.slice(0, 297)}...` : text);

/** A phone in E.164 (+13055550123) as the ten US digits most lead APIs take (3055550123); other numbers keep their digits. */
export function nationalDigits(e164: string): string {
  const digits = e164.replace(/\D/g, '');
  return digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
}

/** An ISO date (1980-04-02) as 04/02/1980. */
export function usDate(isoDate: string | null): string {
  const match = isoDate ? /^(\d{4})-(\d{2})-(\d{2})/.exec(isoDate) : null;
  return match ? `${match[2]}/${match[3]}/${match[1]}` : '';
}

/** An integration saved without a secret its sender needs: nothing is sent, and retrying cannot help. */
export function incompleteIntegration(what: string): SendOutcome {
  const error = `This integration has no ${what}: connect it again`;
  return { ok: false, status: null, durationMs: 0, preview: error, error, retryable: false };
}

import { OutboundError, type OutboundErrorCode } from '../../../../platform/outbound/outbound-errors.js';
import type { OutboundMethod } from '../../../../platform/outbound/outbound-http.js';
import {
  DELIVERY_TIMEOUT_MS,
  type DeliverableLead,
  type IntegrationTarget,
  type LeadSender,
  type LeadSenderDependencies,
  type SendContext,
  type SendOutcome,
} from '../../delivery/lead-sender.js';
import { signingSecretsOf, webhookHeaders } from '../../delivery/standard-webhooks.js';
import { bodyFormat, leadJson, leadQuery, renderBody } from '../../domain/body-template.js';
import { CUSTOM_SECRETS, METHODS_WITH_BODY, type CustomSettings } from '../../domain/custom-integration.js';

/** The request a custom API integration gets for one lead. */
export type CustomRequest = {
  readonly url: string;
  readonly method: OutboundMethod;
  readonly headers: Record<string, string>;
  readonly body: string | undefined;
};

const PREVIEW_CHARS = 2_048;
/** No answer, but one may come next time. */
const RETRYABLE_FAILURES: ReadonlySet<OutboundErrorCode> = new Set(['timeout', 'network', 'unresolvable']);
const CONTENT_TYPES = { json: 'application/json', form: 'application/x-www-form-urlencoded', text: 'text/plain; charset=utf-8' } as const;

/**
 * The request for a lead: the integration's method, its headers, the API key as
 * `Authorization: Bearer <key>` (unless the headers set Authorization themselves), and
 * - POST, PUT, PATCH: the body template filled from the lead (escaped for its format), or
 *   without a template the lead as a JSON object; a Content-Type is added when none is set;
 * - GET, DELETE: no body, the lead as query parameters (a parameter the endpoint's address
 *   already has keeps its value);
 * signed per Standard Webhooks with the integration's secret (and during a rotation's grace
 * period the one it replaced, a signature each): `webhook-id` is the delivery's
 * id (the same on every retry), `webhook-timestamp` now, `webhook-signature` over the body.
 */
export function customRequest(
  lead: DeliverableLead,
  settings: Extract<CustomSettings, { type: 'api' }>,
  secrets: Readonly<Record<string, string>>,
  deliveryId: string,
  now: Date,
): CustomRequest {
  const custom = customHeaders(secrets);
  const headers: Record<string, string> = {};
  const apiKey = secrets[CUSTOM_SECRETS.apiKey];
  if (apiKey && !hasHeader(custom, 'authorization')) headers.authorization = `Bearer ${apiKey}`;
  Object.assign(headers, custom);
  const url = new URL(settings.endpoint);
  let body: string | undefined;
  if (METHODS_WITH_BODY.includes(settings.method)) {
    const contentType = headerValue(custom, 'content-type');
    const format = settings.bodyTemplate === null ? 'json' : bodyFormat(settings.bodyTemplate, contentType);
    body = settings.bodyTemplate === null ? leadJson(lead) : renderBody(settings.bodyTemplate, lead, format);
    if (contentType === undefined) headers['content-type'] = CONTENT_TYPES[format];
  } else {
    for (const [name, value] of leadQuery(lead)) if (!url.searchParams.has(name)) url.searchParams.append(name, value);
  }
  const signingSecrets = signingSecretsOf(secrets);
  if (signingSecrets.length > 0) Object.assign(headers, webhookHeaders(signingSecrets, deliveryId, body ?? '', now.getTime()));
  return { url: url.href, method: settings.method, headers, body };
}

/** Sends leads to agents' custom API integrations through the fenced client, and says how each attempt went. */
export class CustomApiSender implements LeadSender {
  readonly provider = 'custom';

  private readonly now: () => Date;
  private readonly timeoutMs: number;

  constructor(
    private readonly dependencies: LeadSenderDependencies,
    options: { readonly now?: () => Date; readonly timeoutMs?: number } = {},
  ) {
    this.now = options.now ?? (() => new Date());
    this.timeoutMs = options.timeoutMs ?? DELIVERY_TIMEOUT_MS;
  }

  async send(lead: DeliverableLead, target: IntegrationTarget, context: SendContext): Promise<SendOutcome> {
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    const settings = target.settings as CustomSettings;
    const hide = scrubber(target.secrets);
    if (settings.type !== 'api') {
      return failure(elapsed(), 'A link integration opens its page; it receives no leads.', false);
    }
    try {
      const request = customRequest(lead, settings, target.secrets, context.deliveryId, this.now());
      const answer = await this.dependencies.http.request({
        ...request,
        timeoutMs: this.timeoutMs,
        // The custom headers may carry credentials: dropped if a redirect leads elsewhere.
        credentialHeaders: Object.keys(customHeaders(target.secrets)),
      });
      const { ok, error, retryable } = judge(answer.status);
      return { ok, status: answer.status, durationMs: answer.durationMs, preview: hide(answer.preview.slice(0, PREVIEW_CHARS)), error, retryable };
    } catch (error) {
      if (error instanceof OutboundError) return failure(elapsed(), hide(error.message), RETRYABLE_FAILURES.has(error.code));
      return failure(elapsed(), hide(`Could not send: ${error instanceof Error ? error.message : String(error)}`), true);
    }
  }
}

/** What an answer's status means for the delivery: 2xx delivered; 408 and 429 and 5xx worth another try; any other refusal final. */
/** Every answer but a 2xx is tried again on the schedule, as Svix does (the agent may fix the endpoint meanwhile). */
function judge(status: number): { ok: boolean; error: string | null; retryable: boolean } {
  if (status >= 200 && status < 300) return { ok: true, error: null, retryable: false };
  if (status === 408 || status === 429) return { ok: false, error: `The endpoint asked to be tried again later (${status})`, retryable: true };
  if (status >= 500) return { ok: false, error: `The endpoint had an error (${status})`, retryable: true };
  if (status === 401 || status === 403)
    return { ok: false, error: `The endpoint refused the credentials (${status}): check the API key and headers`, retryable: true };
  if (status === 404) return { ok: false, error: 'The endpoint answered 404 Not Found: check its address', retryable: true };
  if (status >= 300 && status < 400)
    return { ok: false, error: `The endpoint answered with a redirect (${status}) that was not followed: use the final address`, retryable: true };
  return { ok: false, error: `The endpoint refused the lead (${status})`, retryable: true };
}

const failure = (durationMs: number, error: string, retryable: boolean): SendOutcome => ({
  ok: false,
  status: null,
  durationMs,
  preview: error,
  error,
  retryable,
});

function customHeaders(secrets: Readonly<Record<string, string>>): Record<string, string> {
  const raw = secrets[CUSTOM_SECRETS.headers];
  return raw ? (JSON.parse(raw) as Record<string, string>) : {};
}

const hasHeader = (headers: Record<string, string>, name: string) => Object.keys(headers).some((key) => key.toLowerCase() === name);
const headerValue = (headers: Record<string, string>, name: string) => Object.entries(headers).find(([key]) => key.toLowerCase() === name)?.[1];

/** Masks every secret value (and the header values, which may be credentials) should an answer echo one back. */
function scrubber(secrets: Readonly<Record<string, string>>): (text: string) => string {
  const headerValues = Object.entries(customHeaders(secrets))
    .filter(([name]) => !/^(content-type|accept)$/i.test(name))
    .map(([, value]) => value);
  const values = [
    ...Object.entries(secrets)
      .filter(([name]) => name !== CUSTOM_SECRETS.headers)
      .map(([, value]) => value),
    ...headerValues,
  ]
    .flatMap((value) => [value, value.replace(/^whsec_/, '')])
    .filter((value) => value.length >= 6)
    .sort((a, b) => b.length - a.length);
  return (text) => values.reduce((out, value) => out.split(value).join('••••'), text);
}

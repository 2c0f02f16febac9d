import type { OutboundHttp } from '../../../../platform/outbound/outbound-http.js';
import {
  DELIVERY_TIMEOUT_MS,
  type DeliverableLead,
  type IntegrationTarget,
  type LeadSender,
  type SendContext,
  type SendOutcome,
} from '../../delivery/lead-sender.js';
import { isLeadField, LEAD_FIELDS } from '../../domain/lead-fields.js';
import { DEFAULT_VANILLASOFT_MAPPINGS } from '../../domain/providers.js';
import { callProvider, incompleteIntegration, type Verdict } from '../provider-call.js';
import { elementText, xmlDocument } from './xml.js';

export type VanillaSoftPosting = {
  /** The Incoming Web Lead profile's posting URL, `https://…/post.aspx?id=<WebLeadID>` (it is what lets anyone post to the account: a secret). */
  readonly postingUrl: string;
  /** Our lead field → VanillaSoft's field name. */
  readonly fieldMappings: Readonly<Record<string, string>>;
};

/**
 * VanillaSoft's Incoming Web Leads, by XML post: the lead as `<Lead><Field>value</Field>…</Lead>`
 * (the fields and names the agent mapped) POSTed as text/xml to the profile's posting URL with
 * `typ=XML`, so VanillaSoft reads it as XML and answers `<ReturnValue>Success</ReturnValue>`,
 * or `<ReturnValue>FAILURE</ReturnValue><ReturnReason>why</ReturnReason>`.
 */
export class VanillaSoftClient {
  constructor(
    private readonly http: OutboundHttp,
    private readonly timeoutMs: number = DELIVERY_TIMEOUT_MS,
  ) {}

  postLead(posting: VanillaSoftPosting, lead: DeliverableLead): Promise<SendOutcome> {
    return callProvider(
      this.http,
      'VanillaSoft',
      {
        url: xmlPostingUrl(posting.postingUrl),
        method: 'POST',
        headers: { 'content-type': 'text/xml; charset=utf-8', accept: 'text/xml' },
        body: vanillaSoftXml(lead, posting.fieldMappings),
        timeoutMs: this.timeoutMs,
        // The posting URL is the credential: never follow it somewhere else.
        maxRedirects: 0,
      },
      (response) => (response.status >= 200 && response.status < 300 ? readReturnValue(response.body.toString('utf8')) : null),
    );
  }
}

/** The posting URL with `typ=XML`, as VanillaSoft's format page suggests for XML posts. */
export function xmlPostingUrl(postingUrl: string): string {
  try {
    const url = new URL(postingUrl);
    if (!url.searchParams.has('typ')) url.searchParams.set('typ', 'XML');
    return url.href;
  } catch {
    return postingUrl;
  }
}

/** The lead's mapped fields as VanillaSoft's XML; a mapping of an unknown field is skipped. */
export function vanillaSoftXml(lead: DeliverableLead, fieldMappings: Readonly<Record<string, string>>): string {
  const fields = Object.entries(fieldMappings)
    .filter(([ours]) => isLeadField(ours))
    .map(([ours, theirs]) => [theirs, LEAD_FIELDS[ours as keyof typeof LEAD_FIELDS](lead)] as const);
  return xmlDocument('Lead', fields);
}

function readReturnValue(body: string): Verdict {
  const value = elementText(body, 'ReturnValue');
  if (value?.toLowerCase() === 'success') return { ok: true };
  if (value?.toLowerCase() === 'failure') {
    const reason = elementText(body, 'ReturnReason');
    // VanillaSoft refused this lead (a required field, a duplicate, an unknown profile): sending it again gives the same answer.
    return { ok: false, error: `VanillaSoft refused the lead: ${reason || 'no reason given'}`, retryable: false };
  }
  return { ok: false, error: 'VanillaSoft answered without a ReturnValue: check the posting URL', retryable: true };
}

/** Sends each lead to the agent's VanillaSoft web-lead profile (secret postingUrl, settings fieldMappings). */
export class VanillaSoftLeadSender implements LeadSender {
  readonly provider = 'vanillasoft';

  constructor(private readonly client: VanillaSoftClient) {}

  send(lead: DeliverableLead, target: IntegrationTarget, _context: SendContext): Promise<SendOutcome> {
    const postingUrl = target.secrets.postingUrl;
    if (!postingUrl) return Promise.resolve(incompleteIntegration('VanillaSoft posting URL'));
    const saved = target.settings.fieldMappings;
    const fieldMappings = saved && typeof saved === 'object' ? (saved as Record<string, string>) : DEFAULT_VANILLASOFT_MAPPINGS;
    return this.client.postLead({ postingUrl, fieldMappings }, lead);
  }
}

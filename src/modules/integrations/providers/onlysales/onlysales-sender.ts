import type { OutboundHttp } from '../../../../platform/outbound/outbound-http.js';
import {
  DELIVERY_TIMEOUT_MS,
  type DeliverableLead,
  type IntegrationTarget,
  type LeadSender,
  type SendContext,
  type SendOutcome,
} from '../../delivery/lead-sender.js';
import { signingSecretsOf, webhookHeaders } from '../../delivery/standard-webhooks.js';
import { callProvider, incompleteIntegration } from '../provider-call.js';

/** The event type of a delivered lead, and of a test-send's sample lead. */
export const LEAD_EVENT_TYPE = 'lead.delivered';
export const TEST_EVENT_TYPE = 'lead.test';

/** The webhook's JSON body, in the envelope Standard Webhooks recommends: { type, timestamp, data }. */
export function webhookBody(lead: DeliverableLead, context: SendContext, now: Date = new Date()): string {
  return JSON.stringify({ type: context.test ? TEST_EVENT_TYPE : LEAD_EVENT_TYPE, timestamp: now.toISOString(), data: lead });
}

/**
 * OnlySales (or any CRM behind a webhook): the lead POSTed as JSON to the agent's webhook URL,
 * signed per Standard Webhooks with the integration's own secret (and, for a day after a
 * rotation, the one it replaced as well; `webhook-id` is the delivery
 * id, the same on every retry, so the receiver can drop repeats), and the agent's API key as
 * `Authorization: Bearer` (which the fenced client drops if a redirect leaves the origin).
 */
export class OnlySalesLeadSender implements LeadSender {
  readonly provider = 'onlysales';

  constructor(
    private readonly http: OutboundHttp,
    private readonly timeoutMs: number = DELIVERY_TIMEOUT_MS,
  ) {}

  send(lead: DeliverableLead, target: IntegrationTarget, context: SendContext): Promise<SendOutcome> {
    const { apiKey } = target.secrets;
    const signingSecrets = signingSecretsOf(target.secrets);
    const url = target.settings.webhookUrl;
    if (!apiKey || signingSecrets.length === 0 || typeof url !== 'string')
      return Promise.resolve(incompleteIntegration('webhook URL, API key or signing secret'));
    const body = webhookBody(lead, context);
    return callProvider(this.http, 'The webhook', {
      url,
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${apiKey}`, ...webhookHeaders(signingSecrets, context.deliveryId, body) },
      body,
      timeoutMs: this.timeoutMs,
    });
  }
}

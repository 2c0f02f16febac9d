import type { OutboundHttp } from '../../../../platform/outbound/outbound-http.js';
import {
  DELIVERY_TIMEOUT_MS,
  type DeliverableLead,
  type IntegrationTarget,
  type LeadSender,
  type SendContext,
  type SendOutcome,
} from '../../delivery/lead-sender.js';
import { DEFAULT_TEXTDRIP_API_BASE } from '../../integrations.config.js';
import { callProvider, incompleteIntegration, providerMessage, usDate } from '../provider-call.js';

/**
 * Textdrip's API: `POST {base}/create-contact` with the account's API token as
 * `Authorization: Bearer`, the contact as JSON (name, phone, email, birthdate, address, and the
 * drip campaigns to start). An unknown token is 401 (`{"message":"Unauthenticated."}`); a
 * refused contact is 422 with the fields' problems, or 200 with `status: false` and a message.
 */
export class TextdripClient {
  private readonly endpoint: string;

  constructor(
    private readonly http: OutboundHttp,
    apiBase: string = DEFAULT_TEXTDRIP_API_BASE,
    private readonly timeoutMs: number = DELIVERY_TIMEOUT_MS,
  ) {
    this.endpoint = `${apiBase.replace(/\/$/, '')}/create-contact`;
  }

  createContact(apiToken: string, contact: Readonly<Record<string, unknown>>): Promise<SendOutcome> {
    return callProvider(
      this.http,
      'Textdrip',
      {
        url: this.endpoint,
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json', authorization: `Bearer ${apiToken}` },
        body: JSON.stringify(contact),
        timeoutMs: this.timeoutMs,
        maxRedirects: 0,
      },
      (response) => {
        if (response.status < 200 || response.status >= 300) return null;
        // Textdrip can answer 200 with { status: false, message } for a contact it did not take.
        try {
          const answer = JSON.parse(response.body.toString('utf8')) as { status?: unknown };
          if (answer.status === false)
            return { ok: false, error: `Textdrip refused the contact: ${providerMessage(response.preview) || 'no reason given'}`, retryable: false };
        } catch {
          // not JSON: the 2xx stands
        }
        return { ok: true };
      },
    );
  }
}

/** A lead as a Textdrip contact; `campaignId` (a setting, when the agent chose a drip campaign) starts it. */
export function textdripContactOf(lead: DeliverableLead, campaignId: unknown): Record<string, unknown> {
  const address = [lead.city, `${lead.state} ${lead.zip}`].filter(Boolean).join(', ');
  return {
    name: `${lead.firstName} ${lead.lastName}`.trim(),
    phone: lead.phone,
    ...(lead.email ? { email: lead.email } : {}),
    ...(lead.dateOfBirth ? { birthdate: usDate(lead.dateOfBirth) } : {}),
    address,
    ...(typeof campaignId === 'string' && campaignId ? { campaign: [campaignId] } : {}),
  };
}

/** Sends each lead to the agent's Textdrip account as a contact (secret apiToken). */
export class TextdripLeadSender implements LeadSender {
  readonly provider = 'textdrip';

  constructor(private readonly client: TextdripClient) {}

  send(lead: DeliverableLead, target: IntegrationTarget, _context: SendContext): Promise<SendOutcome> {
    const apiToken = target.secrets.apiToken;
    if (!apiToken) return Promise.resolve(incompleteIntegration('Textdrip API token'));
    return this.client.createContact(apiToken, textdripContactOf(lead, target.settings.campaignId));
  }
}

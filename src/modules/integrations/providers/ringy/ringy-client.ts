import type { OutboundHttp } from '../../../../platform/outbound/outbound-http.js';
import {
  DELIVERY_TIMEOUT_MS,
  type DeliverableLead,
  type IntegrationTarget,
  type LeadSender,
  type SendContext,
  type SendOutcome,
} from '../../delivery/lead-sender.js';
import { RINGY_DEFAULT_API_BASE } from '../../integrations.config.js';
import { callProvider, incompleteIntegration, nationalDigits, usDate } from '../provider-call.js';

export type RingyCredentials = { readonly sid: string; readonly authToken: string };

/** What Ringy's answer to a test call says about a pair of credentials. */
export type RingyCheck = { readonly result: 'valid' } | { readonly result: 'invalid' } | { readonly result: 'unreachable'; readonly reason: string };

/**
 * Ringy's lead vendor API: one POST of JSON to `{base}/leads/new-lead` carrying the account's
 * `sid` and `authToken` beside the lead's fields (snake_case; phone_number as ten digits,
 * birthday as mm/dd/yyyy). A created lead is answered with its `vendorResponseId`.
 */
export class RingyClient {
  private readonly endpoint: string;

  constructor(
    private readonly http: OutboundHttp,
    apiBase: string = RINGY_DEFAULT_API_BASE,
    private readonly timeoutMs: number = DELIVERY_TIMEOUT_MS,
  ) {
    this.endpoint = `${apiBase.replace(/\/$/, '')}/leads/new-lead`;
  }

  createLead(credentials: RingyCredentials, fields: Readonly<Record<string, string>>): Promise<SendOutcome> {
    return this.post({ ...fields, sid: credentials.sid, authToken: credentials.authToken });
  }

  /**
   * The connect form's test call. Ringy has no call that only checks credentials, so this posts
   * the credentials with no lead: Ringy checks them first (401/403 when wrong), then refuses
   * the empty lead (a 4xx about the missing phone number), which means they are right. Nothing
   * is created. No answer, or a 5xx, means the test could not be made.
   */
  async verify(credentials: RingyCredentials): Promise<RingyCheck> {
    const outcome = await this.post({ sid: credentials.sid, authToken: credentials.authToken });
    if (outcome.status === 401 || outcome.status === 403) return { result: 'invalid' };
    if (outcome.status !== null && outcome.status < 500) return { result: 'valid' };
    return { result: 'unreachable', reason: outcome.error ?? `Ringy answered ${outcome.status}` };
  }

  private post(body: Record<string, string>): Promise<SendOutcome> {
    return callProvider(this.http, 'Ringy', {
      url: this.endpoint,
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
      timeoutMs: this.timeoutMs,
      // The credentials are in the body: a redirect would carry them elsewhere.
      maxRedirects: 0,
    });
  }
}

/** A lead as Ringy's fields; empty values are left out. */
export function ringyFieldsOf(lead: DeliverableLead): Record<string, string> {
  const fields: Record<string, string> = {
    first_name: lead.firstName,
    last_name: lead.lastName,
    phone_number: nationalDigits(lead.phone),
    email: lead.email ?? '',
    city: lead.city ?? '',
    state: lead.state,
    zip_code: lead.zip,
    birthday: usDate(lead.dateOfBirth),
    lead_source: lead.source,
    // Ringy keeps the vendor's own id of each lead: ours, so a lead is recognisable there.
    vendor_reference_id: lead.leadId,
    notes: lead.notes ?? '',
  };
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== ''));
}

/** Sends each lead to the agent's Ringy account (secrets sid and authToken). */
export class RingyLeadSender implements LeadSender {
  readonly provider = 'ringy';

  constructor(private readonly client: RingyClient) {}

  send(lead: DeliverableLead, target: IntegrationTarget, _context: SendContext): Promise<SendOutcome> {
    const { sid, authToken } = target.secrets;
    if (!sid || !authToken) return Promise.resolve(incompleteIntegration('the Ringy SID and auth token'));
    return this.client.createLead({ sid, authToken }, ringyFieldsOf(lead));
  }
}

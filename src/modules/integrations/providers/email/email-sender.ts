import { escapeHtml } from '../../../../platform/mail/escape-html.js';
import { mailTime } from '../../../../platform/mail/mail-formats.js';
import type { MailMessage } from '../../../../platform/mail/mailer.js';
import type { DeliverableLead, IntegrationTarget, LeadSender, SendContext, SendOutcome } from '../../delivery/lead-sender.js';
import { incompleteIntegration } from '../provider-call.js';

/** The part of the Mailer a sender uses: it sends a message at most once per id. */
export type LeadMail = { send(id: string, message: MailMessage): Promise<void> };

/** The mail's id: one per delivery, so a retried delivery (or a retried send) sends it once. */
export const leadMailId = (deliveryId: string) => `lead-delivery:${deliveryId}`;

/** How the agent got the lead, in the words of the marketplace's pages. */
const SOURCES: Readonly<Record<string, string>> = {
  data_leads: 'Data Leads',
  aged_leads: 'Aged Leads',
  business_leads: 'Business Leads',
  smm_leads: 'SMM Leads',
  assigned: 'Assigned to you by your group',
};
const TIERS: Readonly<Record<string, string>> = { basic: 'Basic', premium: 'Premium', exclusive: 'Exclusive', business: 'Business', jgs_leads: 'JGS Leads' };

/** Each line of the mail: its label and its value for the lead, times in `zone` (the agent's). */
const LABELS: readonly (readonly [string, (lead: DeliverableLead, zone: string) => string])[] = [
  ['Name', (l) => `${l.firstName} ${l.lastName}`.trim()],
  ['Phone', (l) => l.phone],
  ['E-mail', (l) => l.email ?? ''],
  ['City', (l) => l.city ?? ''],
  ['State', (l) => l.state],
  ['ZIP', (l) => l.zip],
  ['Date of birth', (l) => l.dateOfBirth ?? ''],
  ['Age', (l) => (l.age === null ? '' : String(l.age))],
  ['Company', (l) => l.companyName ?? ''],
  ['Source', (l) => `${SOURCES[l.source] ?? l.source} (${TIERS[l.tier] ?? l.tier})`],
  ['Campaign', (l) => l.campaignName ?? ''],
  ['Price', (l) => `$${(l.priceCents / 100).toFixed(2)}`],
  ['Bought', (l, zone) => mailTime(l.boughtAt, zone)],
  ['Consent', (l, zone) => (l.consent ? `${l.consent.text} (${mailTime(l.consent.at, zone)})` : '')],
  ['Notes', (l) => l.notes ?? ''],
  ['Lead id', (l) => l.leadId],
];

/** The lead as an e-mail: a plain-text list and the same as an HTML table, every value escaped, times in `zone` (the agent's). */
export function leadMail(lead: DeliverableLead, to: string, test: boolean, zone: string): MailMessage {
  const rows = LABELS.map(([label, value]) => [label, value(lead, zone)] as const).filter(([, value]) => value !== '');
  const name = `${lead.firstName} ${lead.lastName}`.trim();
  const subject = `${test ? '[Test] ' : ''}New lead: ${name} (${lead.state})`.replace(/[\r\n]+/g, ' ');
  const intro = test ? 'This is a test of your e-mail integration, with a sample lead.' : 'A new lead has been delivered to you.';
  return {
    to,
    subject,
    text: `${intro}\n\n${rows.map(([label, value]) => `${label}: ${value}`).join('\n')}\n`,
    html:
      `<p>${escapeHtml(intro)}</p><table cellpadding="4" style="border-collapse:collapse">` +
      rows.map(([label, value]) => `<tr><th align="left">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`).join('') +
      '</table>',
  };
}

/** E-mail integrations: the lead mailed to the integration's address through the portal's mail (SMTP, or the outbox). */
export class EmailLeadSender implements LeadSender {
  readonly provider = 'email';

  constructor(
    private readonly mail: LeadMail,
    /** The zone the mail's times are in: one for all, or the integration's agent's (chosen on their profile, else the organisation's). */
    private readonly zone: string | ((userId: string) => Promise<string>),
  ) {}

  async send(lead: DeliverableLead, target: IntegrationTarget, context: SendContext): Promise<SendOutcome> {
    const to = target.settings.email;
    if (typeof to !== 'string' || !to) return incompleteIntegration('e-mail address');
    const started = performance.now();
    try {
      const zone = typeof this.zone === 'string' ? this.zone : await this.zone(target.userId);
      await this.mail.send(leadMailId(context.deliveryId), leadMail(lead, to, context.test, zone));
      return { ok: true, status: null, durationMs: Math.round(performance.now() - started), preview: `Mailed to ${to}`, error: null, retryable: false };
    } catch (error) {
      const message = `The e-mail could not be sent: ${error instanceof Error ? error.message : String(error)}`;
      return { ok: false, status: null, durationMs: Math.round(performance.now() - started), preview: message, error: message, retryable: true };
    }
  }
}

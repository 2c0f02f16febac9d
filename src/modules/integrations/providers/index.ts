import { DELIVERY_TIMEOUT_MS, type LeadSender, type LeadSenderDependencies } from '../delivery/lead-sender.js';
import { EmailLeadSender, type LeadMail } from './email/email-sender.js';
import { OnlySalesLeadSender } from './onlysales/onlysales-sender.js';
import { RingyClient, RingyLeadSender } from './ringy/ringy-client.js';
import { TextdripClient, TextdripLeadSender } from './textdrip/textdrip-client.js';
import { VanillaSoftClient, VanillaSoftLeadSender } from './vanillasoft/vanillasoft-client.js';

export type ProviderSenderDependencies = LeadSenderDependencies & {
  /** The portal's mail (the Mailer): e-mail integrations send through it. */
  readonly mail: LeadMail;
  /** The zone of the times in e-mailed leads: one for all, or the agent's of an integration (by its user id). */
  readonly timeZone: string | ((userId: string) => Promise<string>);
  /** RINGY_API_BASE and TEXTDRIP_API_BASE (config.providers); the real ones when absent. */
  readonly ringyApiBase?: string;
  readonly textdripApiBase?: string;
  /** How long one call may take: DELIVERY_TIMEOUT_MS unless a test shortens it. */
  readonly timeoutMs?: number;
};

/** The five providers' senders by provider id (custom API integrations have their own). */
export function leadSenders(deps: ProviderSenderDependencies): ReadonlyMap<string, LeadSender> {
  const timeoutMs = deps.timeoutMs ?? DELIVERY_TIMEOUT_MS;
  const senders: LeadSender[] = [
    new OnlySalesLeadSender(deps.http, timeoutMs),
    new RingyLeadSender(new RingyClient(deps.http, deps.ringyApiBase, timeoutMs)),
    new VanillaSoftLeadSender(new VanillaSoftClient(deps.http, timeoutMs)),
    new TextdripLeadSender(new TextdripClient(deps.http, deps.textdripApiBase, timeoutMs)),
    new EmailLeadSender(deps.mail, deps.timeZone),
  ];
  return new Map(senders.map((sender) => [sender.provider, sender]));
}

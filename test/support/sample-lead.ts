import type { DeliverableLead, IntegrationTarget, SendContext } from '../../src/modules/integrations/delivery/lead-sender.js';
import { parseOutboundAllow } from '../../src/platform/outbound/outbound-allow.js';
import { OutboundHttp } from '../../src/platform/outbound/outbound-http.js';

/** A lead as the senders get it, with characters that need escaping in JSON, XML and HTML. */
export function sampleLead(overrides: Partial<DeliverableLead> = {}): DeliverableLead {
  return {
    leadId: '7d3f2a9e-1b4c-4e8a-9f00-2c5d6e7f8a9b',
    firstName: 'Ana <b>"Lu"</b>',
    lastName: "O'Brien & Sons",
    phone: '+13055550123',
    email: 'ana.obrien@example.com',
    state: 'FL',
    zip: '33101',
    city: 'Miami',
    dateOfBirth: '1980-04-02',
    age: 46,
    source: 'data_leads',
    tier: 'premium',
    companyName: null,
    campaignId: 'c0ffee00-0000-4000-8000-000000000001',
    campaignName: 'Florida ACA',
    priceCents: 2_500,
    boughtAt: '2026-11-25T15:00:00.000Z',
    consent: { text: 'I agree to be contacted.', at: '2026-11-25T14:59:00.000Z' },
    ...overrides,
  };
}

export function targetOf(provider: string, settings: Record<string, unknown>, secrets: Record<string, string>): IntegrationTarget {
  return { integrationId: 'a1b2c3d4-0000-4000-8000-000000000002', userId: 'b1b2c3d4-0000-4000-8000-000000000003', provider, settings, secrets };
}

export const firstAttempt = (deliveryId = 'dlv_0001'): SendContext => ({ deliveryId, attempt: 1, test: false });

/** The fenced client as the portal makes it, with the loopback stand-ins let through (as OUTBOUND_ALLOW=127.0.0.1 does). */
export const loopbackHttp = () => new OutboundHttp({ allow: parseOutboundAllow(['127.0.0.1'])!, timeoutMs: 15_000 });

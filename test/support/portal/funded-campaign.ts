import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';

import type { ApiClient } from './api-client.js';

/** A campaign that buys leads a vendor posts: the agent's campaign, funded from a test credit, and the vendor's intake. */
export type FundedCampaign = {
  readonly campaignId: string;
  /** Posts to the lead intake with the vendor's key (one lead, or { leads: [...] }). */
  postLeads(body: unknown): Promise<Response>;
};

/**
 * An admin registers a lead vendor and credits the agent `creditCents`; the agent creates a Data
 * Leads campaign (`campaign`: name, tier, budgetCents, targeting), which is answered 201.
 */
export async function fundedCampaign(
  portalUrl: string,
  admin: ApiClient,
  agent: { readonly client: ApiClient; readonly userId: string },
  options: { readonly vendor: string; readonly creditCents: number; readonly campaign: Record<string, unknown> },
): Promise<FundedCampaign> {
  const { apiKey } = (await (await admin.request('POST', '/api/admin/lead-vendors', { name: options.vendor })).json()) as { apiKey: string };
  const credited = await admin.request(
    'POST',
    `/api/admin/wallets/${agent.userId}/test-credit`,
    { amountCents: options.creditCents },
    { 'idempotency-key': randomUUID() },
  );
  expect(credited.status).toBe(200);
  const created = await agent.client.request('POST', '/api/campaigns', { source: 'data_leads', ...options.campaign }, { 'idempotency-key': randomUUID() });
  expect(created.status).toBe(201);
  const { campaignId } = (await created.json()) as { campaignId: string };
  return {
    campaignId,
    postLeads: (body) =>
      fetch(`${portalUrl}/api/intake/leads`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${apiKey}` },
        body: JSON.stringify(body),
      }),
  };
}

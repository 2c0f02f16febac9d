import type { SqlClient } from '../../../platform/persistence/sql.js';
import type { OwnedLeadHistory } from './owned-lead-history.js';

export type { OwnedLeadHistory };

/** Campaigns' names by id, for the ids that are campaigns. */
export async function campaignNames(db: SqlClient, campaignIds: readonly string[]): Promise<Map<string, string>> {
  if (campaignIds.length === 0) return new Map();
  const { rows } = await db.query<{ campaign_id: string; name: string }>('SELECT campaign_id, name FROM rm_campaigns WHERE campaign_id = ANY($1::uuid[])', [
    campaignIds,
  ]);
  return new Map(rows.map((row) => [row.campaign_id, row.name]));
}

/** An agent's campaign as the pickers list it. */
export type CampaignChoice = { readonly campaignId: string; readonly name: string; readonly status: string };

/** The agent's campaigns, newest first, at most `limit`. */
export async function campaignsOf(db: SqlClient, ownerId: string, limit: number): Promise<CampaignChoice[]> {
  const { rows } = await db.query<CampaignChoice>(
    `SELECT campaign_id AS "campaignId", name, status FROM rm_campaigns WHERE owner_id = $1 ORDER BY created_at DESC LIMIT $2`,
    [ownerId, limit],
  );
  return rows;
}

/** Whether every one of these ids is a campaign of this agent (an id listed twice counts as one missing). */
export async function ownsCampaigns(db: SqlClient, ownerId: string, campaignIds: readonly string[]): Promise<boolean> {
  const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM rm_campaigns WHERE owner_id = $1 AND campaign_id = ANY($2::uuid[])', [
    ownerId,
    campaignIds,
  ]);
  return rows[0]!.n === campaignIds.length;
}

/** How an owner got a lead: the campaign (its current name, else the name it had when bought) and the price. */
export type OwnedLead = { readonly campaignId: string | null; readonly campaignName: string | null; readonly priceCents: number };

/** The owner's copy of a lead, or null when the owner has none (yet). */
export async function ownedLead(db: SqlClient, leadId: string, ownerId: string): Promise<OwnedLead | null> {
  const { rows } = await db.query<OwnedLead>(
    `SELECT o.campaign_id AS "campaignId", coalesce(c.name, o.campaign_name) AS "campaignName", o.price_cents AS "priceCents"
       FROM rm_owned_leads o LEFT JOIN rm_campaigns c ON c.campaign_id = o.campaign_id WHERE o.lead_id = $1 AND o.owner_id = $2`,
    [leadId, ownerId],
  );
  return rows[0] ?? null;
}

/** A lead's person and consent, as a delivery sends them to the agent's CRM. */
export type DeliverableLeadRow = {
  first_name: string;
  last_name: string;
  phone: string;
  email: string | null;
  state: string;
  zip: string;
  city: string | null;
  date_of_birth: Date | string | null;
  age: number | null;
  source: string;
  tier: string;
  company_name: string | null;
  consent_text: string;
  consent_at: Date;
};

/** The leads with these ids, by id, in one query; ids that are no lead are left out. */
export async function deliverableLeads(db: SqlClient, leadIds: readonly string[]): Promise<Map<string, DeliverableLeadRow>> {
  const ids = [...new Set(leadIds)];
  if (ids.length === 0) return new Map();
  const { rows } = await db.query<DeliverableLeadRow & { lead_id: string }>(
    `SELECT lead_id, first_name, last_name, phone, email, state, zip, city, date_of_birth, age, source, tier, company_name, consent_text, consent_at
       FROM rm_leads WHERE lead_id = ANY($1::uuid[])`,
    [ids],
  );
  return new Map(rows.map(({ lead_id, ...lead }) => [lead_id, lead]));
}

/** The leads' names ("first last"), by id, in one query; ids that are no lead are left out. */
export async function leadNames(db: SqlClient, leadIds: readonly string[]): Promise<Map<string, string>> {
  const ids = [...new Set(leadIds)];
  if (ids.length === 0) return new Map();
  const { rows } = await db.query<{ lead_id: string; name: string }>(
    `SELECT lead_id, first_name || ' ' || last_name AS name FROM rm_leads WHERE lead_id = ANY($1::uuid[])`,
    [ids],
  );
  return new Map(rows.map((row) => [row.lead_id, row.name]));
}

/** The owner's copy of the lead with its sale and return, or null when the owner never bought it. */
export async function ownedLeadHistory(db: SqlClient, leadId: string, ownerId: string): Promise<OwnedLeadHistory | null> {
  const { rows } = await db.query<{
    lead_id: string;
    name: string;
    phone: string;
    email: string | null;
    state: string;
    source: string;
    tier: string;
    campaign_name: string | null;
    price_cents: number;
    bought_at: Date;
    return_id: string | null;
    return_status: 'pending' | 'approved' | 'denied' | null;
    reason: string | null;
    comment: string | null;
    deny_reason: string | null;
    requested_at: Date | null;
    reviewed_at: Date | null;
  }>(
    `SELECT o.lead_id, l.first_name || ' ' || l.last_name AS name, l.phone, l.email, l.state, l.source, l.tier,
            coalesce(c.name, o.campaign_name) AS campaign_name, o.price_cents, o.bought_at,
            r.return_id, r.status AS return_status, r.reason, r.comment, r.deny_reason, r.requested_at, r.reviewed_at
       FROM rm_owned_leads o JOIN rm_leads l ON l.lead_id = o.lead_id LEFT JOIN rm_campaigns c ON c.campaign_id = o.campaign_id
       LEFT JOIN rm_lead_returns r ON r.lead_id = o.lead_id AND r.owner_id = o.owner_id
      WHERE o.lead_id = $1 AND o.owner_id = $2`,
    [leadId, ownerId],
  );
  const row = rows[0];
  if (!row) return null;
  return {
    leadId: row.lead_id,
    name: row.name,
    phone: row.phone,
    email: row.email,
    state: row.state,
    source: row.source,
    tier: row.tier,
    campaignName: row.campaign_name,
    priceCents: row.price_cents,
    boughtAt: row.bought_at.toISOString(),
    leadReturn:
      row.return_id && row.return_status
        ? {
            returnId: row.return_id,
            status: row.return_status,
            reason: row.reason ?? '',
            comment: row.comment ?? '',
            denyReason: row.deny_reason,
            requestedAt: row.requested_at!.toISOString(),
            reviewedAt: row.reviewed_at?.toISOString() ?? null,
          }
        : null,
  };
}

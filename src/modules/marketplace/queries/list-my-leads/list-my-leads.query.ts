import type { SqlClient } from '../../../../platform/persistence/sql.js';

/** Which of the agent's leads: by name, phone or e-mail (search), source, campaign, state, day (of the organisation's time zone); before: the page cursor (boughtAt|leadId). */
export type OwnedLeadFilters = {
  readonly search?: string;
  readonly source?: string;
  readonly campaignId?: string;
  readonly state?: string;
  readonly day?: string;
  readonly before?: string;
};

export type OwnedLead = {
  leadId: string;
  firstName: string;
  lastName: string;
  phone: string;
  email: string | null;
  state: string;
  zip: string;
  age: number | null;
  dateOfBirth: string | null;
  source: string;
  tier: string;
  campaignId: string | null;
  campaignName: string | null;
  priceCents: number;
  boughtAt: string;
  assigneeId: string | null;
  assigneeEmail: string | null;
};

/** The agent's bought leads, newest first, filtered, at most `limit`, with the campaign's name and whom each is assigned to. */
export async function ownedLeads(db: SqlClient, ownerId: string, f: OwnedLeadFilters, limit: number, zone: string): Promise<OwnedLead[]> {
  const [beforeAt, beforeId] = f.before ? f.before.split('|') : [null, null];
  const search = f.search ? `%${f.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const { rows } = await db.query<OwnedLead & { boughtAt: Date }>(
    `SELECT o.lead_id AS "leadId", l.first_name AS "firstName", l.last_name AS "lastName", l.phone, l.email, l.state, l.zip, l.age,
            to_char(l.date_of_birth, 'YYYY-MM-DD') AS "dateOfBirth", l.source, l.tier, o.campaign_id AS "campaignId", c.name AS "campaignName",
            o.price_cents AS "priceCents", o.bought_at AS "boughtAt", a.assignee_id AS "assigneeId", au.email AS "assigneeEmail"
       FROM rm_owned_leads o JOIN rm_leads l ON l.lead_id = o.lead_id LEFT JOIN rm_campaigns c ON c.campaign_id = o.campaign_id
       LEFT JOIN lead_assignments a ON a.lead_id = o.lead_id AND a.owner_id = o.owner_id LEFT JOIN user_directory au ON au.id = a.assignee_id
      WHERE o.owner_id = $1
        AND ($2::text IS NULL OR l.first_name || ' ' || l.last_name ILIKE $2 OR l.phone ILIKE $2 OR l.email ILIKE $2)
        AND ($3::text IS NULL OR l.source = $3) AND ($4::uuid IS NULL OR o.campaign_id = $4) AND ($5::text IS NULL OR l.state = $5)
        AND ($6::timestamptz IS NULL OR (o.bought_at, o.lead_id) < ($6::timestamptz, $7::uuid))
        AND ($9::date IS NULL OR (o.bought_at AT TIME ZONE $10)::date = $9::date)
      ORDER BY o.bought_at DESC, o.lead_id DESC LIMIT $8`,
    [ownerId, search, f.source ?? null, f.campaignId ?? null, f.state ?? null, beforeAt, beforeId, limit, f.day ?? null, zone],
  );
  return rows.map((row) => ({ ...row, boughtAt: new Date(row.boughtAt).toISOString() }));
}

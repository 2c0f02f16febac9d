import type { SqlClient } from '../../../../platform/persistence/sql.js';

export type BusinessLead = {
  leadId: string;
  companyName: string | null;
  city: string | null;
  state: string;
  leadSourceId: string | null;
  firstName: string;
  lastName: string;
  phone: string;
  email: string | null;
  zip: string;
  campaign: string | null;
  priceCents: number;
  boughtAt: string;
};

/** The agent's business leads, newest first (at most 1,000), with the campaign and price of each. */
export async function businessLeadsOf(db: SqlClient, ownerId: string): Promise<BusinessLead[]> {
  const { rows } = await db.query<Omit<BusinessLead, 'boughtAt'> & { boughtAt: Date }>(
    `SELECT o.lead_id AS "leadId", l.company_name AS "companyName", l.city, l.state, l.lead_source_id AS "leadSourceId",
            l.first_name AS "firstName", l.last_name AS "lastName", l.phone, l.email, l.zip,
            o.campaign_name AS campaign, o.price_cents AS "priceCents", o.bought_at AS "boughtAt"
       FROM rm_owned_leads o JOIN rm_leads l ON l.lead_id = o.lead_id
      WHERE o.owner_id = $1 AND l.source = 'business'
      ORDER BY o.bought_at DESC, o.lead_id DESC LIMIT 1000`,
    [ownerId],
  );
  return rows.map((row) => ({ ...row, boughtAt: new Date(row.boughtAt).toISOString() }));
}

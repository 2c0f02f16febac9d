import type pg from 'pg';

import { leadsPerDay, type DailyLeads } from '../leads-per-day.js';
import { OWNED_LEAD_COSTS } from '../owned-lead-costs.js';

export type CampaignCost = { campaignId: string; name: string; leads: number; spentCents: number; costPerLeadCents: number };

export type Dashboard = {
  totalLeads: number;
  thisWeek: number;
  avgCostCents: number;
  assigned: number;
  perDay: DailyLeads[];
  byCampaign: CampaignCost[];
  returns: { requested: number; approved: number; rate: number };
};

/**
 * One agent's dashboard (cents; its days are those of `zone`, the organisation's time zone). Leads are counted whether returned or not (the return rate is
 * of them all); money is what the leads cost, so a lead returned and credited adds nothing to
 * spend, and cost per lead is the average over the leads that cost something.
 */
export async function dashboardOf(pool: pg.Pool, ownerId: string, zone: string): Promise<Dashboard> {
  const [figures, perDay, byCampaign, returns] = await Promise.all([
    pool.query<{ totalLeads: number; thisWeek: number; avgCostCents: number | null; assigned: number }>(
      `SELECT count(*)::int AS "totalLeads",
              count(*) FILTER (WHERE bought_at >= now() - interval '7 days')::int AS "thisWeek",
              round(avg(cost_cents) FILTER (WHERE cost_cents > 0))::int AS "avgCostCents",
              (SELECT count(*)::int FROM lead_assignments WHERE owner_id = $1) AS assigned
         FROM ${OWNED_LEAD_COSTS} o WHERE owner_id = $1`,
      [ownerId],
    ),
    leadsPerDay(pool, { ownerId }, zone),
    pool.query<CampaignCost>(
      `SELECT c.campaign_id AS "campaignId", c.name, count(o.lead_id)::int AS leads, coalesce(sum(o.cost_cents), 0)::int AS "spentCents",
              coalesce(round(avg(o.cost_cents) FILTER (WHERE o.cost_cents > 0)), 0)::int AS "costPerLeadCents"
         FROM rm_campaigns c LEFT JOIN ${OWNED_LEAD_COSTS} o ON o.campaign_id = c.campaign_id
        WHERE c.owner_id = $1 GROUP BY c.campaign_id ORDER BY count(o.lead_id) DESC, c.created_at DESC LIMIT 10`,
      [ownerId],
    ),
    pool.query<{ requested: number; approved: number }>(
      `SELECT count(*)::int AS requested, count(*) FILTER (WHERE status = 'approved')::int AS approved FROM rm_lead_returns WHERE owner_id = $1`,
      [ownerId],
    ),
  ]);
  const totals = figures.rows[0]!;
  const returned = returns.rows[0]!;
  return {
    ...totals,
    avgCostCents: totals.avgCostCents ?? 0,
    perDay,
    byCampaign: byCampaign.rows,
    returns: { ...returned, rate: totals.totalLeads > 0 ? returned.approved / totals.totalLeads : 0 },
  };
}

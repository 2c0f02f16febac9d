import type pg from 'pg';

import { dayIn } from '../../../platform/time/org-time.js';
import { OWNED_LEAD_COSTS } from './owned-lead-costs.js';

/** How many days the leads-per-day charts cover (the dashboard's and a campaign's). */
export const CHART_DAYS = 30;

export type DailyLeads = { day: string; leads: number; spentCents: number };

/**
 * Leads bought per day of `zone` (the organisation's time zone) and what they cost (less approved
 * returns, on the day each was bought) for the last CHART_DAYS days up to `now`'s, every day
 * listed: of one owner, or of one campaign.
 */
export async function leadsPerDay(pool: pg.Pool, of: { ownerId: string } | { campaignId: string }, zone: string, now = new Date()): Promise<DailyLeads[]> {
  const [column, id] = 'ownerId' in of ? ['owner_id', of.ownerId] : ['campaign_id', of.campaignId];
  const { rows } = await pool.query<DailyLeads>(
    `SELECT to_char(d.day, 'YYYY-MM-DD') AS day, count(o.lead_id)::int AS leads, coalesce(sum(o.cost_cents), 0)::int AS "spentCents"
       FROM generate_series($3::date - ($2::int - 1), $3::date, interval '1 day') AS d(day)
       LEFT JOIN ${OWNED_LEAD_COSTS} o ON o.${column} = $1 AND (o.bought_at AT TIME ZONE $4)::date = d.day
      GROUP BY d.day ORDER BY d.day`,
    [id, CHART_DAYS, dayIn(now, zone), zone],
  );
  return rows;
}

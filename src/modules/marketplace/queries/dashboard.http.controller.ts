import { Controller, Get, Inject, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type pg from 'pg';
import { CurrentUser, SessionGuard } from '../../../platform/auth/session.guard.js';
import type { AuthenticatedUser } from '../../../platform/auth/session-store.js';
import { SQL_POOL } from '../../../platform/tokens.js';
import { leadsPerDay } from './leads-per-day.js';

/**
 * /dashboard (spec: Total Leads, This Week = the last 7 days, Avg Cost/Lead, Assigned) and the
 * charts where the old product said "Coming Soon": leads and spend per day, cost per lead by
 * campaign, and the return rate; all from the signed-in agent's own leads.
 */
@ApiTags('leads')
@Controller('api/dashboard')
@UseGuards(SessionGuard)
export class DashboardController {
  constructor(@Inject(SQL_POOL) private readonly pool: pg.Pool) {}

  @Get()
  @ApiOperation({ summary: "The signed-in agent's lead figures and the data of the dashboard's charts (cents)." })
  async get(@CurrentUser() user: AuthenticatedUser) {
    const [figures, perDay, byCampaign, returns] = await Promise.all([
      this.pool.query<{ totalLeads: number; thisWeek: number; avgCostCents: number | null; assigned: number }>(
        `SELECT count(*)::int AS "totalLeads",
                count(*) FILTER (WHERE bought_at >= now() - interval '7 days')::int AS "thisWeek",
                round(avg(price_cents) FILTER (WHERE price_cents > 0))::int AS "avgCostCents",
                (SELECT count(*)::int FROM lead_assignments WHERE owner_id = $1) AS assigned
           FROM rm_owned_leads WHERE owner_id = $1`,
        [user.userId],
      ),
      leadsPerDay(this.pool, { ownerId: user.userId }),
      this.pool.query<{ campaignId: string; name: string; leads: number; spentCents: number; costPerLeadCents: number }>(
        `SELECT c.campaign_id AS "campaignId", c.name, count(o.lead_id)::int AS leads, coalesce(sum(o.price_cents), 0)::int AS "spentCents",
                coalesce(round(avg(o.price_cents)), 0)::int AS "costPerLeadCents"
           FROM rm_campaigns c LEFT JOIN rm_owned_leads o ON o.campaign_id = c.campaign_id
          WHERE c.owner_id = $1 GROUP BY c.campaign_id ORDER BY count(o.lead_id) DESC, c.created_at DESC LIMIT 10`,
        [user.userId],
      ),
      this.pool.query<{ requested: number; approved: number }>(
        `SELECT count(*)::int AS requested, count(*) FILTER (WHERE status = 'approved')::int AS approved FROM rm_lead_returns WHERE owner_id = $1`,
        [user.userId],
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
}

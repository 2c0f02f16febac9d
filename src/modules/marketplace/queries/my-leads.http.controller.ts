import { Controller, Get, Header, Inject, Query, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type pg from 'pg';
import { z } from 'zod';

import type { AuthenticatedUser } from '../../../platform/auth/session-store.js';
import { CurrentUser, SessionGuard } from '../../../platform/auth/session.guard.js';
import { toCsv } from '../../../platform/csv/csv.js';
import { validate } from '../../../platform/http/validate.js';
import { SQL_POOL } from '../../../platform/tokens.js';
import { LEAD_SOURCES } from '../contracts/campaign-events.js';

const PAGE = 50;
const CSV_MAX = 10_000;

const filters = z.object({
  search: z.string().trim().max(100, 'Search is at most 100 characters').optional(),
  source: z.enum(LEAD_SOURCES, { message: `Source is one of ${LEAD_SOURCES.join(', ')}` }).optional(),
  campaignId: z.uuid('No such campaign.').optional(),
  state: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, 'State is a two-letter code')
    .optional(),
  /** A day (UTC, as the dashboard's charts count days): the leads bought that day. */
  day: z.iso.date('Day is a date like 2026-11-25').optional(),
  /** The cursor: the last row of the page before, as boughtAt|leadId. */
  before: z
    .string()
    .regex(/^[^|]+\|[0-9a-f-]{36}$/, 'Not a page cursor')
    .optional(),
});
type Filters = z.output<typeof filters>;

type OwnedLead = {
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

/** My Leads: every lead the signed-in agent bought, newest first, with search, filters, paging and CSV. */
@ApiTags('leads')
@Controller('api/leads')
@UseGuards(SessionGuard)
export class MyLeadsController {
  constructor(@Inject(SQL_POOL) private readonly pool: pg.Pool) {}

  @Get()
  @ApiOperation({
    summary:
      "The signed-in agent's leads, newest first, 50 a page (next: the cursor of the next page); search by name, phone or e-mail; filter by source, campaign, state, day (UTC).",
  })
  async list(@CurrentUser() user: AuthenticatedUser, @Query() raw: unknown) {
    const rows = await this.owned(user.userId, validate(filters, raw), PAGE + 1);
    const page = rows.slice(0, PAGE);
    const last = page.at(-1);
    return { leads: page, next: rows.length > PAGE && last ? `${last.boughtAt}|${last.leadId}` : null };
  }

  @Get('export.csv')
  @Header('content-type', 'text/csv; charset=utf-8')
  @Header('content-disposition', 'attachment; filename="my-leads.csv"')
  @ApiOperation({ summary: "The signed-in agent's leads as CSV (the same filters; at most 10,000)." })
  async csv(@CurrentUser() user: AuthenticatedUser, @Query() raw: unknown) {
    const rows = await this.owned(user.userId, { ...validate(filters, raw), before: undefined }, CSV_MAX);
    return toCsv(
      ['Bought', 'First name', 'Last name', 'Phone', 'Email', 'State', 'ZIP', 'Age', 'Date of birth', 'Source', 'Tier', 'Campaign', 'Price', 'Assigned to'],
      rows.map((r) => [
        r.boughtAt,
        r.firstName,
        r.lastName,
        r.phone,
        r.email,
        r.state,
        r.zip,
        r.age,
        r.dateOfBirth,
        r.source,
        r.tier,
        r.campaignName,
        (r.priceCents / 100).toFixed(2),
        r.assigneeEmail,
      ]),
    );
  }

  private async owned(ownerId: string, f: Filters, limit: number): Promise<OwnedLead[]> {
    const [beforeAt, beforeId] = f.before ? f.before.split('|') : [null, null];
    const search = f.search ? `%${f.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
    const { rows } = await this.pool.query<OwnedLead & { boughtAt: Date }>(
      `SELECT o.lead_id AS "leadId", l.first_name AS "firstName", l.last_name AS "lastName", l.phone, l.email, l.state, l.zip, l.age,
              to_char(l.date_of_birth, 'YYYY-MM-DD') AS "dateOfBirth", l.source, l.tier, o.campaign_id AS "campaignId", c.name AS "campaignName",
              o.price_cents AS "priceCents", o.bought_at AS "boughtAt", a.assignee_id AS "assigneeId", au.email AS "assigneeEmail"
         FROM rm_owned_leads o JOIN rm_leads l ON l.lead_id = o.lead_id LEFT JOIN rm_campaigns c ON c.campaign_id = o.campaign_id
         LEFT JOIN lead_assignments a ON a.lead_id = o.lead_id AND a.owner_id = o.owner_id LEFT JOIN users au ON au.id = a.assignee_id
        WHERE o.owner_id = $1
          AND ($2::text IS NULL OR l.first_name || ' ' || l.last_name ILIKE $2 OR l.phone ILIKE $2 OR l.email ILIKE $2)
          AND ($3::text IS NULL OR l.source = $3) AND ($4::uuid IS NULL OR o.campaign_id = $4) AND ($5::text IS NULL OR l.state = $5)
          AND ($6::timestamptz IS NULL OR (o.bought_at, o.lead_id) < ($6::timestamptz, $7::uuid))
          AND ($9::date IS NULL OR (o.bought_at AT TIME ZONE 'UTC')::date = $9::date)
        ORDER BY o.bought_at DESC, o.lead_id DESC LIMIT $8`,
      [ownerId, search, f.source ?? null, f.campaignId ?? null, f.state ?? null, beforeAt, beforeId, limit, f.day ?? null],
    );
    return rows.map((row) => ({ ...row, boughtAt: new Date(row.boughtAt).toISOString() }));
  }
}

import { Controller, Get, Header, Inject, Query, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type pg from 'pg';
import { z } from 'zod';

import type { AuthenticatedUser } from '../../../../platform/auth/session-store.js';
import { CurrentUser, SessionGuard } from '../../../../platform/auth/session.guard.js';
import { toCsv } from '../../../../platform/csv/csv.js';
import { validate } from '../../../../platform/http/validate.js';
import { localTime } from '../../../../platform/time/org-time.js';
import { CONFIG, SQL_POOL } from '../../../../platform/tokens.js';
import { agentTimeZone } from '../../../identity/contracts/agent-time-zone.js';
import { LEAD_SOURCES } from '../../contracts/campaign-events.js';
import type { MarketplaceConfig } from '../../marketplace.config.js';
import { ownedLeads } from './list-my-leads.query.js';

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
  /** A day of the organisation's time zone (as the dashboard's charts count days): the leads bought that day. */
  day: z.iso.date('Day is a date like 2026-11-25').optional(),
  /** The cursor: the last row of the page before, as boughtAt|leadId. */
  before: z
    .string()
    .regex(/^[^|]+\|[0-9a-f-]{36}$/, 'Not a page cursor')
    .optional(),
});

/** My Leads: every lead the signed-in agent bought, newest first, with search, filters, paging and CSV. */
@ApiTags('leads')
@Controller('api/leads')
@UseGuards(SessionGuard)
export class ListMyLeadsController {
  constructor(
    @Inject(SQL_POOL) private readonly pool: pg.Pool,
    @Inject(CONFIG) private readonly config: MarketplaceConfig,
  ) {}

  @Get()
  @ApiOperation({
    summary:
      "The signed-in agent's leads, newest first, 50 a page (next: the cursor of the next page); search by name, phone or e-mail; filter by source, campaign, state, day (a day of the agent’s time zone: chosen on the profile, else ORG_TIME_ZONE).",
  })
  async list(@CurrentUser() user: AuthenticatedUser, @Query() raw: unknown) {
    const zone = await agentTimeZone(this.pool, user.userId, this.config.orgTimeZone);
    const rows = await ownedLeads(this.pool, user.userId, validate(filters, raw), PAGE + 1, zone);
    const page = rows.slice(0, PAGE);
    const last = page.at(-1);
    return { leads: page, next: rows.length > PAGE && last ? `${last.boughtAt}|${last.leadId}` : null };
  }

  @Get('export.csv')
  @Header('content-type', 'text/csv; charset=utf-8')
  @Header('content-disposition', 'attachment; filename="my-leads.csv"')
  @ApiOperation({
    summary: "The signed-in agent's leads as CSV (the same filters; at most 10,000); the Bought column is in the agent's time zone and names it.",
  })
  async csv(@CurrentUser() user: AuthenticatedUser, @Query() raw: unknown) {
    const zone = await agentTimeZone(this.pool, user.userId, this.config.orgTimeZone);
    const rows = await ownedLeads(this.pool, user.userId, { ...validate(filters, raw), before: undefined }, CSV_MAX, zone);
    return toCsv(
      [
        `Bought (${zone})`,
        'First name',
        'Last name',
        'Phone',
        'Email',
        'State',
        'ZIP',
        'Age',
        'Date of birth',
        'Source',
        'Tier',
        'Campaign',
        'Price',
        'Assigned to',
      ],
      rows.map((r) => [
        localTime(new Date(r.boughtAt), zone),
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
}

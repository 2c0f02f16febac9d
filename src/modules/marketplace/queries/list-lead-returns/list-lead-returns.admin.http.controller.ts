import { Controller, Get, Inject, Query, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type pg from 'pg';
import { z } from 'zod';

import { Roles, RolesGuard } from '../../../../platform/auth/roles.guard.js';
import { SessionGuard } from '../../../../platform/auth/session.guard.js';
import { validate } from '../../../../platform/http/validate.js';
import { SQL_POOL } from '../../../../platform/tokens.js';
import { leadReturnsWithStatus } from './list-lead-returns.query.js';

const queueQuery = z.object({ status: z.enum(['pending', 'approved', 'denied'], { message: 'Status is pending, approved or denied' }).default('pending') });

@ApiTags('leads')
@Controller('api')
@UseGuards(SessionGuard)
export class ListLeadReturnsController {
  constructor(@Inject(SQL_POOL) private readonly pool: pg.Pool) {}

  @Get('admin/lead-returns')
  @UseGuards(RolesGuard)
  @Roles('admin')
  @ApiOperation({ summary: 'The returns review queue (admins): pending first by age, or approved / denied.' })
  async queue(@Query() raw: unknown) {
    const { status } = validate(queueQuery, raw);
    return { returns: await leadReturnsWithStatus(this.pool, status) };
  }
}

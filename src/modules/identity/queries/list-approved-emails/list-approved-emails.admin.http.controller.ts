import { Controller, Get, Inject, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type pg from 'pg';

import { Roles, RolesGuard } from '../../../../platform/auth/roles.guard.js';
import { SessionGuard } from '../../../../platform/auth/session.guard.js';
import { CONFIG, SQL_POOL } from '../../../../platform/tokens.js';
import type { IdentityConfig } from '../../identity.config.js';

@ApiTags('admin')
@Controller('api/admin/approved-emails')
@UseGuards(SessionGuard, RolesGuard)
@Roles('admin')
export class ListApprovedEmailsController {
  constructor(
    @Inject(CONFIG) private readonly config: IdentityConfig,
    @Inject(SQL_POOL) private readonly pool: pg.Pool,
  ) {}

  @Get()
  @ApiOperation({ summary: 'Who may sign up: the configured domains and addresses, and the addresses admins approved.' })
  async list() {
    const { rows } = await this.pool.query(
      `SELECT a.email, u.email AS "addedBy", a.added_at AS "addedAt" FROM approved_emails a LEFT JOIN users u ON u.id = a.added_by ORDER BY a.email`,
    );
    const { allowedDomains, approvedEmails } = this.config.signUp;
    return {
      allowedDomains,
      configuredEmails: approvedEmails,
      approvedEmails: rows,
      openToAnyone: allowedDomains.length === 0 && approvedEmails.length === 0 && rows.length === 0,
    };
  }
}

import { Body, Controller, Delete, Get, HttpCode, Inject, Param, Post, Req, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import type pg from 'pg';
import { z } from 'zod';
import { AdminGuard } from '../../../../platform/auth/admin.guard.js';
import { CurrentUser, SessionGuard } from '../../../../platform/auth/session.guard.js';
import type { AuthenticatedUser } from '../../../../platform/auth/session-store.js';
import type { AppConfig } from '../../../../platform/config/config.js';
import { newEvent, userRequestContext } from '../../../../platform/event-store/new-event.js';
import { outboxCommitted, recordInOutbox } from '../../../../platform/event-store/outbox.js';
import { ApiError } from '../../../../platform/http/api-error.js';
import { validate } from '../../../../platform/http/validate.js';
import { inTransaction } from '../../../../platform/persistence/sql.js';
import { CONFIG, SQL_POOL } from '../../../../platform/tokens.js';
import { APPROVED_EMAILS_STREAM, type ApprovedEmailChanged } from '../../contracts/identity.events.js';

const emailField = z.string({ message: 'Email is required' }).trim().toLowerCase().min(1, 'Email is required').max(254, 'Email is too long').pipe(z.email('Please enter a valid email address'));
const addRequest = z.object({ email: emailField });

@ApiTags('admin')
@Controller('api/admin/approved-emails')
@UseGuards(SessionGuard, AdminGuard)
export class ApprovedEmailsAdminController {
  constructor(
    @Inject(CONFIG) private readonly config: AppConfig,
    @Inject(SQL_POOL) private readonly pool: pg.Pool,
  ) {}

  @Get()
  @ApiOperation({ summary: 'Who may sign up: the configured domains and addresses, and the addresses admins approved.' })
  async list() {
    const { rows } = await this.pool.query(
      `SELECT a.email, u.email AS "addedBy", a.added_at AS "addedAt" FROM approved_emails a LEFT JOIN users u ON u.id = a.added_by ORDER BY a.email`,
    );
    const { allowedDomains, approvedEmails } = this.config.signUp;
    return { allowedDomains, configuredEmails: approvedEmails, approvedEmails: rows, openToAnyone: allowedDomains.length === 0 && approvedEmails.length === 0 && rows.length === 0 };
  }

  @Post()
  @HttpCode(201)
  @ApiOperation({ summary: 'Allows one more address to sign up.' })
  async add(@CurrentUser() admin: AuthenticatedUser, @Body() body: unknown, @Req() request: FastifyRequest) {
    const { email } = validate(addRequest, body);
    if (this.config.signUp.approvedEmails.includes(email)) throw new ApiError(409, 'ALREADY_APPROVED', 'This address is already approved in the configuration.');
    await this.record(admin, request, 'ApprovedEmailAdded', email, async (tx) => {
      const { rowCount } = await tx.query('INSERT INTO approved_emails (email, added_by) VALUES ($1, $2) ON CONFLICT DO NOTHING', [email, admin.userId]);
      if (!rowCount) throw new ApiError(409, 'ALREADY_APPROVED', 'This address is already on the list.');
    });
    return { email };
  }

  @Delete(':email')
  @HttpCode(200)
  @ApiOperation({ summary: 'Takes an address off the list; accounts already made stay.' })
  async remove(@CurrentUser() admin: AuthenticatedUser, @Param('email') raw: string, @Req() request: FastifyRequest) {
    const email = validate(emailField, raw, 'email');
    if (this.config.signUp.approvedEmails.includes(email)) throw new ApiError(409, 'SET_IN_CONFIGURATION', 'This address comes from the APPROVED_EMAILS setting; change it there.');
    await this.record(admin, request, 'ApprovedEmailRemoved', email, async (tx) => {
      const { rowCount } = await tx.query('DELETE FROM approved_emails WHERE email = $1', [email]);
      if (!rowCount) throw new ApiError(404, 'NOT_APPROVED', 'This address is not on the list.');
    });
    return { success: true };
  }

  private async record(admin: AuthenticatedUser, request: FastifyRequest, type: ApprovedEmailChanged['type'], email: string, change: (tx: pg.PoolClient) => Promise<void>) {
    const context = userRequestContext(admin.userId, String(request.id));
    await inTransaction(this.pool, async (tx) => {
      await change(tx);
      await recordInOutbox(tx, APPROVED_EMAILS_STREAM, [newEvent(type, { email }, context)]);
    });
    outboxCommitted();
  }
}

import { Body, Controller, Delete, Get, HttpCode, Inject, Param, Post, Req, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import type pg from 'pg';
import { z } from 'zod';

import { Roles, RolesGuard } from '../../../../platform/auth/roles.guard.js';
import type { AuthenticatedUser } from '../../../../platform/auth/session-store.js';
import { CurrentUser, SessionGuard } from '../../../../platform/auth/session.guard.js';
import type { AppConfig } from '../../../../platform/config/config.js';
import { userRequestContext } from '../../../../platform/event-store/new-event.js';
import { validate } from '../../../../platform/http/validate.js';
import { CONFIG, SQL_POOL } from '../../../../platform/tokens.js';
import { ManageApprovedEmail } from './manage-approved-emails.handler.js';

const emailField = z
  .string({ message: 'Email is required' })
  .trim()
  .toLowerCase()
  .min(1, 'Email is required')
  .max(254, 'Email is too long')
  .pipe(z.email('Please enter a valid email address'));
const addRequest = z.object({ email: emailField });

@ApiTags('admin')
@Controller('api/admin/approved-emails')
@UseGuards(SessionGuard, RolesGuard)
@Roles('admin')
export class ApprovedEmailsAdminController {
  constructor(
    @Inject(CONFIG) private readonly config: AppConfig,
    @Inject(SQL_POOL) private readonly pool: pg.Pool,
    private readonly commands: CommandBus,
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

  @Post()
  @HttpCode(201)
  @ApiOperation({ summary: 'Allows one more address to sign up.' })
  async add(@CurrentUser() admin: AuthenticatedUser, @Body() body: unknown, @Req() request: FastifyRequest) {
    const { email } = validate(addRequest, body);
    await this.commands.execute(new ManageApprovedEmail('add', email, userRequestContext(admin.userId, String(request.id))));
    return { email };
  }

  @Delete(':email')
  @HttpCode(200)
  @ApiOperation({ summary: 'Takes an address off the list; accounts already made stay.' })
  async remove(@CurrentUser() admin: AuthenticatedUser, @Param('email') raw: string, @Req() request: FastifyRequest) {
    const email = validate(emailField, raw, 'email');
    await this.commands.execute(new ManageApprovedEmail('remove', email, userRequestContext(admin.userId, String(request.id))));
    return { success: true };
  }
}

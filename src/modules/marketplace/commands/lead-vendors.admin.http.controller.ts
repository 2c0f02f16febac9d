import { Body, Controller, Get, HttpCode, Inject, Param, Post, Req, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import type pg from 'pg';
import { z } from 'zod';

import { Roles, RolesGuard } from '../../../platform/auth/roles.guard.js';
import type { AuthenticatedUser } from '../../../platform/auth/session-store.js';
import { CurrentUser, SessionGuard } from '../../../platform/auth/session.guard.js';
import { userRequestContext } from '../../../platform/event-store/new-event.js';
import { validate } from '../../../platform/http/validate.js';
import { SQL_POOL } from '../../../platform/tokens.js';
import { CreateLeadVendor } from './create-lead-vendor/create-lead-vendor.handler.js';
import { RevokeLeadVendor } from './revoke-lead-vendor/revoke-lead-vendor.handler.js';

const createRequest = z.object({
  name: z.string({ message: 'Give the vendor a name' }).trim().min(1, 'Give the vendor a name').max(100, 'The name is at most 100 characters'),
});

/** Admins manage the lead vendors that may post leads to POST /api/intake/leads. */
@ApiTags('admin')
@Controller('api/admin/lead-vendors')
@UseGuards(SessionGuard, RolesGuard)
@Roles('admin')
export class LeadVendorsAdminController {
  constructor(
    private readonly commands: CommandBus,
    @Inject(SQL_POOL) private readonly pool: pg.Pool,
  ) {}

  @Get()
  @ApiOperation({
    summary: 'Every lead vendor with its key’s first characters, when it was revoked, how many leads it posted and when the last came (never the keys).',
  })
  async list() {
    const { rows } = await this.pool.query(
      `SELECT v.vendor_id AS "vendorId", v.name, v.key_prefix AS "keyPrefix", v.created_at AS "createdAt", v.revoked_at AS "revokedAt",
              count(l.lead_id)::int AS "leads", count(l.duplicate_of)::int AS "duplicates", max(l.received_at) AS "lastLeadAt"
         FROM lead_vendors v LEFT JOIN intake_leads l ON l.vendor_id = v.vendor_id
        GROUP BY v.vendor_id ORDER BY v.created_at DESC`,
    );
    return { vendors: rows };
  }

  @Post()
  @HttpCode(201)
  @ApiOperation({ summary: 'Creates a vendor and its API key, answered once; only the key’s hash is kept.' })
  create(@CurrentUser() admin: AuthenticatedUser, @Body() body: unknown, @Req() request: FastifyRequest) {
    const { name } = validate(createRequest, body);
    return this.commands.execute(new CreateLeadVendor(name, userRequestContext(admin.userId, String(request.id))));
  }

  @Post(':vendorId/revoke')
  @HttpCode(200)
  @ApiOperation({ summary: 'Revokes a vendor’s key: it posts nothing from now on.' })
  async revoke(@CurrentUser() admin: AuthenticatedUser, @Param('vendorId') vendorId: string, @Req() request: FastifyRequest) {
    const id = validate(z.uuid('No such lead vendor.'), vendorId, 'vendorId');
    await this.commands.execute(new RevokeLeadVendor(id, userRequestContext(admin.userId, String(request.id))));
    return { vendorId: id, revoked: true };
  }
}

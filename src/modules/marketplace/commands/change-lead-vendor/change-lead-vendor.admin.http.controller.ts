import { Body, Controller, Param, Patch, Req, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';

import { Roles, RolesGuard } from '../../../../platform/auth/roles.guard.js';
import type { AuthenticatedUser } from '../../../../platform/auth/session-store.js';
import { CurrentUser, SessionGuard } from '../../../../platform/auth/session.guard.js';
import { requestContextOf } from '../../../../platform/http/request-client.js';
import { validate } from '../../../../platform/http/validate.js';
import { sendsAgedLeadsField } from '../../services/lead-vendor-requests.js';
import { ChangeLeadVendor } from './change-lead-vendor.command.js';

const changeRequest = z.object({ sendsAgedLeads: sendsAgedLeadsField });

@ApiTags('admin')
@Controller('api/admin/lead-vendors')
@UseGuards(SessionGuard, RolesGuard)
@Roles('admin')
export class ChangeLeadVendorController {
  constructor(private readonly commands: CommandBus) {}

  @Patch(':vendorId')
  @ApiOperation({ summary: 'Changes a vendor’s settings: sendsAgedLeads, whether it may post leads with source aged_leads to the intake.' })
  change(@CurrentUser() admin: AuthenticatedUser, @Param('vendorId') vendorId: string, @Body() body: unknown, @Req() request: FastifyRequest) {
    const id = validate(z.uuid('No such lead vendor.'), vendorId, 'vendorId');
    const input = validate(changeRequest, body);
    return this.commands.execute(new ChangeLeadVendor({ vendorId: id, ...input }, requestContextOf(request, { type: 'user', id: admin.userId })));
  }
}

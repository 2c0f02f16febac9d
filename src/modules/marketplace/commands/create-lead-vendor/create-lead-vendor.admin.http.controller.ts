import { Body, Controller, HttpCode, Post, Req, UseGuards } from '@nestjs/common';
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
import { CreateLeadVendor } from './create-lead-vendor.command.js';

const createRequest = z.object({
  name: z.string({ message: 'Give the vendor a name' }).trim().min(1, 'Give the vendor a name').max(100, 'The name is at most 100 characters'),
  sendsAgedLeads: sendsAgedLeadsField.default(false),
});

/** Admins let lead vendors post leads to POST /api/intake/leads. */
@ApiTags('admin')
@Controller('api/admin/lead-vendors')
@UseGuards(SessionGuard, RolesGuard)
@Roles('admin')
export class CreateLeadVendorController {
  constructor(private readonly commands: CommandBus) {}

  @Post()
  @HttpCode(201)
  @ApiOperation({
    summary: 'Creates a vendor and its API key, answered once; only the key’s hash is kept. sendsAgedLeads (default false) lets it post aged leads.',
  })
  create(@CurrentUser() admin: AuthenticatedUser, @Body() body: unknown, @Req() request: FastifyRequest) {
    const input = validate(createRequest, body);
    return this.commands.execute(new CreateLeadVendor(input, requestContextOf(request, { type: 'user', id: admin.userId })));
  }
}

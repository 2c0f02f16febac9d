import { Controller, HttpCode, Param, Post, Req, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';

import { Roles, RolesGuard } from '../../../../platform/auth/roles.guard.js';
import type { AuthenticatedUser } from '../../../../platform/auth/session-store.js';
import { CurrentUser, SessionGuard } from '../../../../platform/auth/session.guard.js';
import { requestContextOf } from '../../../../platform/http/request-client.js';
import { validate } from '../../../../platform/http/validate.js';
import { RevokeLeadVendor } from './revoke-lead-vendor.command.js';

@ApiTags('admin')
@Controller('api/admin/lead-vendors')
@UseGuards(SessionGuard, RolesGuard)
@Roles('admin')
export class RevokeLeadVendorController {
  constructor(private readonly commands: CommandBus) {}

  @Post(':vendorId/revoke')
  @HttpCode(200)
  @ApiOperation({ summary: 'Revokes a vendor’s key: it posts nothing from now on.' })
  async revoke(@CurrentUser() admin: AuthenticatedUser, @Param('vendorId') vendorId: string, @Req() request: FastifyRequest) {
    const id = validate(z.uuid('No such lead vendor.'), vendorId, 'vendorId');
    await this.commands.execute(new RevokeLeadVendor({ vendorId: id }, requestContextOf(request, { type: 'user', id: admin.userId })));
    return { vendorId: id, revoked: true };
  }
}

import { Body, Controller, HttpCode, Param, Put, Req, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';

import { Roles, RolesGuard } from '../../../../platform/auth/roles.guard.js';
import type { AuthenticatedUser } from '../../../../platform/auth/session-store.js';
import { CurrentUser, SessionGuard } from '../../../../platform/auth/session.guard.js';
import { requestContextOf } from '../../../../platform/http/request-client.js';
import { validate } from '../../../../platform/http/validate.js';
import { itemId } from '../../../training/contracts/training-content.js';
import { resourceLinkBody } from '../../contracts/resource-links.js';
import { UpdateResourceLink } from './update-resource-link.command.js';

@ApiTags('admin')
@Controller('api/admin/resources')
@UseGuards(SessionGuard, RolesGuard)
@Roles('admin')
export class UpdateResourceLinkController {
  constructor(private readonly commands: CommandBus) {}

  @Put(':resourceId')
  @HttpCode(200)
  @ApiOperation({ summary: 'Admins: edits a card (the same body as adding one; a new tab moves it to that tab’s end; hidden: true hides it from agents).' })
  async update(@CurrentUser() user: AuthenticatedUser, @Param('resourceId') id: string, @Body() body: unknown, @Req() request: FastifyRequest) {
    const resourceId = validate(itemId, id, 'resourceId');
    const fields = validate(resourceLinkBody, body ?? {});
    await this.commands.execute(new UpdateResourceLink({ ...fields, resourceId }, requestContextOf(request, { type: 'user', id: user.userId })));
    return { success: true };
  }
}

import { randomUUID } from 'node:crypto';
import { Body, Controller, HttpCode, Post, Req, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';

import { Roles, RolesGuard } from '../../../../platform/auth/roles.guard.js';
import type { AuthenticatedUser } from '../../../../platform/auth/session-store.js';
import { CurrentUser, SessionGuard } from '../../../../platform/auth/session.guard.js';
import { requestContextOf } from '../../../../platform/http/request-client.js';
import { validate } from '../../../../platform/http/validate.js';
import { resourceLinkBody } from '../../contracts/resource-links.js';
import { CreateResourceLink } from './create-resource-link.command.js';

@ApiTags('admin')
@Controller('api/admin/resources')
@UseGuards(SessionGuard, RolesGuard)
@Roles('admin')
export class CreateResourceLinkController {
  constructor(private readonly commands: CommandBus) {}

  @Post()
  @HttpCode(201)
  @ApiOperation({
    summary:
      'Admins: adds a card {tab, title, description, emoji, action (link or help-request), url (http, https or a portal path), hidden} at the end of its tab; answers {resourceId}.',
  })
  async create(@CurrentUser() user: AuthenticatedUser, @Body() body: unknown, @Req() request: FastifyRequest) {
    const fields = validate(resourceLinkBody, body ?? {});
    return this.commands.execute(new CreateResourceLink({ ...fields, resourceId: randomUUID() }, requestContextOf(request, { type: 'user', id: user.userId })));
  }
}

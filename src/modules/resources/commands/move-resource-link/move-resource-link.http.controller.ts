import { Body, Controller, HttpCode, Param, Put, Req, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';

import { Roles, RolesGuard } from '../../../../platform/auth/roles.guard.js';
import type { AuthenticatedUser } from '../../../../platform/auth/session-store.js';
import { CurrentUser, SessionGuard } from '../../../../platform/auth/session.guard.js';
import { requestContextOf } from '../../../../platform/http/request-client.js';
import { validate } from '../../../../platform/http/validate.js';
import { itemId } from '../../../training/contracts/training-content.js';
import { RESOURCE_TABS } from '../../contracts/resource-tabs.js';
import { MoveResourceLink } from './move-resource-link.command.js';

const body = z.strictObject({
  tab: z.enum(RESOURCE_TABS, 'Choose one of the seven tabs'),
  index: z.number('The place is a number (0 is first)').int('The place is a whole number').min(0, 'The place is 0 or more').max(1000),
});

@ApiTags('admin')
@Controller('api/admin/resources')
@UseGuards(SessionGuard, RolesGuard)
@Roles('admin')
export class MoveResourceLinkController {
  constructor(private readonly commands: CommandBus) {}

  @Put(':resourceId/position')
  @HttpCode(200)
  @ApiOperation({ summary: 'Admins: puts a card at place {index} (0 is first) of {tab}: reorders it, or moves it to another tab. Answers {position}.' })
  async move(@CurrentUser() user: AuthenticatedUser, @Param('resourceId') id: string, @Body() input: unknown, @Req() request: FastifyRequest) {
    const resourceId = validate(itemId, id, 'resourceId');
    const { tab, index } = validate(body, input ?? {});
    return this.commands.execute(new MoveResourceLink({ resourceId, tab, index }, requestContextOf(request, { type: 'user', id: user.userId })));
  }
}

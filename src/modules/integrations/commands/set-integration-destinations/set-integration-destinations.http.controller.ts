import { Body, Controller, HttpCode, Param, Put, Req, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';

import type { AuthenticatedUser } from '../../../../platform/auth/session-store.js';
import { CurrentUser, SessionGuard } from '../../../../platform/auth/session.guard.js';
import { requestContextOf } from '../../../../platform/http/request-client.js';
import { validate } from '../../../../platform/http/validate.js';
import { destinationsSchema } from '../../delivery/destinations.js';
import { validateForm } from '../../validate-form.js';
import { SetIntegrationDestinations } from './set-integration-destinations.command.js';

const uuid = (what: string) => z.uuid(`No such ${what}.`);

@ApiTags('integrations')
@Controller('api')
@UseGuards(SessionGuard)
export class SetIntegrationDestinationsController {
  constructor(private readonly commands: CommandBus) {}

  @Put('integration-connections/:integrationId/destinations')
  @HttpCode(200)
  @ApiOperation({ summary: 'Chooses which leads go to this integration: sources and campaigns (null for all). Campaigns must be your own.' })
  async setDestinations(@CurrentUser() user: AuthenticatedUser, @Param('integrationId') rawId: string, @Body() body: unknown, @Req() request: FastifyRequest) {
    const integrationId = validate(uuid('integration'), rawId, 'integrationId');
    return this.commands.execute(
      new SetIntegrationDestinations(
        { integrationId, destinations: validateForm(destinationsSchema, body) },
        requestContextOf(request, { type: 'user', id: user.userId }),
      ),
    );
  }
}

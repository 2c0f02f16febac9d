import { Body, Controller, HttpCode, Inject, Param, Put, Req, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import type pg from 'pg';
import { z } from 'zod';

import type { AuthenticatedUser } from '../../../../platform/auth/session-store.js';
import { CurrentUser, SessionGuard } from '../../../../platform/auth/session.guard.js';
import { requestContextOf } from '../../../../platform/http/request-client.js';
import { SQL_POOL } from '../../../../platform/tokens.js';
import { customIntegrationIdOf, customIntegrationOf } from '../../queries/list-custom-integrations/custom-integrations.query.js';
import { validateForm } from '../../validate-form.js';
import { SetCustomIntegrationActive } from './set-custom-integration-active.command.js';

const statusRequest = z.object(
  { status: z.enum(['active', 'inactive'], { message: 'The status is active or inactive' }) },
  { message: 'The status is active or inactive' },
);

@ApiTags('integrations')
@Controller('api/integrations/custom')
@UseGuards(SessionGuard)
export class SetCustomIntegrationActiveController {
  constructor(
    private readonly commands: CommandBus,
    @Inject(SQL_POOL) private readonly pool: pg.Pool,
  ) {}

  @Put(':integrationId/status')
  @HttpCode(200)
  @ApiOperation({ summary: 'Activates (status active) or deactivates (inactive) a custom integration; an inactive one receives no leads.' })
  async status(@CurrentUser() user: AuthenticatedUser, @Param('integrationId') integrationId: string, @Body() body: unknown, @Req() request: FastifyRequest) {
    const id = customIntegrationIdOf(integrationId);
    const { status } = validateForm(statusRequest, body);
    await this.commands.execute(
      new SetCustomIntegrationActive({ integrationId: id, active: status === 'active' }, requestContextOf(request, { type: 'user', id: user.userId })),
    );
    return customIntegrationOf(this.pool, user.userId, id);
  }
}

import { Body, Controller, HttpCode, Inject, Param, Put, Req, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import type pg from 'pg';

import type { AuthenticatedUser } from '../../../../platform/auth/session-store.js';
import { CurrentUser, SessionGuard } from '../../../../platform/auth/session.guard.js';
import { requestContextOf } from '../../../../platform/http/request-client.js';
import type { OutboundHttp } from '../../../../platform/outbound/outbound-http.js';
import { OUTBOUND_HTTP, SQL_POOL } from '../../../../platform/tokens.js';
import { customIntegrationSchema } from '../../domain/custom-integration.js';
import { requirePublicAddress } from '../../public-address.js';
import { customIntegrationIdOf, customIntegrationOf } from '../../queries/list-custom-integrations/custom-integrations.query.js';
import { validateForm } from '../../validate-form.js';
import { UpdateCustomIntegration } from './update-custom-integration.command.js';

@ApiTags('integrations')
@Controller('api/integrations/custom')
@UseGuards(SessionGuard)
export class UpdateCustomIntegrationController {
  constructor(
    private readonly commands: CommandBus,
    @Inject(SQL_POOL) private readonly pool: pg.Pool,
    @Inject(OUTBOUND_HTTP) private readonly http: OutboundHttp,
  ) {}

  @Put(':integrationId')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Saves the form again; the type stays. An absent apiKey or headers keeps the saved one, apiKey null removes it, headers {} removes them.',
  })
  async update(@CurrentUser() user: AuthenticatedUser, @Param('integrationId') integrationId: string, @Body() body: unknown, @Req() request: FastifyRequest) {
    const id = customIntegrationIdOf(integrationId);
    const form = validateForm(customIntegrationSchema, body);
    if (form.type === 'api') await requirePublicAddress(this.http, form.endpoint, 'apiEndpoint');
    await this.commands.execute(new UpdateCustomIntegration({ integrationId: id, form }, requestContextOf(request, { type: 'user', id: user.userId })));
    return customIntegrationOf(this.pool, user.userId, id);
  }
}

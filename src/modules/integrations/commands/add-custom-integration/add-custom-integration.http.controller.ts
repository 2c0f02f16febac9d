import { Body, Controller, HttpCode, Inject, Post, Req, UseGuards } from '@nestjs/common';
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
import { customIntegrationOf } from '../../queries/list-custom-integrations/custom-integrations.query.js';
import { validateForm } from '../../validate-form.js';
import { AddCustomIntegration } from './add-custom-integration.command.js';

@ApiTags('integrations')
@Controller('api/integrations/custom')
@UseGuards(SessionGuard)
export class AddCustomIntegrationController {
  constructor(
    private readonly commands: CommandBus,
    @Inject(SQL_POOL) private readonly pool: pg.Pool,
    @Inject(OUTBOUND_HTTP) private readonly http: OutboundHttp,
  ) {}

  @Post()
  @HttpCode(201)
  @ApiOperation({
    summary:
      'Adds a custom integration (spec: insert_custom_integration): name, description, type (link|api), category, url (link) or apiEndpoint + method + headers (JSON object) + apiKey + requestBody (POST/PUT/PATCH; {{placeholders}} of the lead), status. An API integration answers its signingSecret (whsec_…) this once.',
  })
  async add(@CurrentUser() user: AuthenticatedUser, @Body() body: unknown, @Req() request: FastifyRequest) {
    const form = validateForm(customIntegrationSchema, body);
    if (form.type === 'api') await requirePublicAddress(this.http, form.endpoint, 'apiEndpoint');
    const result = await this.commands.execute(new AddCustomIntegration({ form }, requestContextOf(request, { type: 'user', id: user.userId })));
    return { success: true, ...result, integration: await customIntegrationOf(this.pool, user.userId, result.integrationId) };
  }
}

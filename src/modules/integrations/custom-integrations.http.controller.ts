import { Body, Controller, Delete, Get, HttpCode, Inject, Param, Post, Put, Req, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import type pg from 'pg';
import { z } from 'zod';

import type { AuthenticatedUser } from '../../platform/auth/session-store.js';
import { CurrentUser, SessionGuard } from '../../platform/auth/session.guard.js';
import type { AppConfig } from '../../platform/config/config.js';
import { ApiError } from '../../platform/http/api-error.js';
import { requestContextOf } from '../../platform/http/request-client.js';
import type { OutboundHttp } from '../../platform/outbound/outbound-http.js';
import { CONFIG, OUTBOUND_HTTP, SQL_POOL } from '../../platform/tokens.js';
import { AddCustomIntegration } from './commands/add-custom-integration/add-custom-integration.command.js';
import { DeleteCustomIntegration } from './commands/delete-custom-integration/delete-custom-integration.command.js';
import { SetCustomIntegrationActive } from './commands/set-custom-integration-active/set-custom-integration-active.command.js';
import { UpdateCustomIntegration } from './commands/update-custom-integration/update-custom-integration.command.js';
import { PLACEHOLDERS } from './domain/body-template.js';
import {
  CUSTOM_CATEGORIES,
  CUSTOM_METHODS,
  customIntegrationSchema,
  MAX_CUSTOM_INTEGRATIONS,
  METHODS_WITH_BODY,
  type CustomSettings,
} from './domain/custom-integration.js';
import { requirePublicAddress } from './public-address.js';
import { validateForm } from './validate-form.js';

type Row = {
  integration_id: string;
  is_active: boolean;
  settings: CustomSettings;
  created_at: Date;
  updated_at: Date;
  secrets: Record<string, string> | null;
  disabled_at: Date | null;
  disabled_reason: string | null;
  failing_since: Date | null;
  held: number;
  previous_signing_until: Date | null;
};

const statusRequest = z.object(
  { status: z.enum(['active', 'inactive'], { message: 'The status is active or inactive' }) },
  { message: 'The status is active or inactive' },
);
const NOT_FOUND = () => new ApiError(404, 'CUSTOM_INTEGRATION_NOT_FOUND', 'There is no such custom integration.');

/**
 * /integrations, "Add Custom Integration" (spec: insert_custom_integration): the signed-in
 * agent's own custom integrations, links and APIs. Secrets are never answered: the API key
 * and signing secret by their last four characters, the headers by their names. The signing
 * secret is answered once, when an API integration is added.
 */
@ApiTags('integrations')
@Controller('api/integrations/custom')
@UseGuards(SessionGuard)
export class CustomIntegrationsController {
  constructor(
    private readonly commands: CommandBus,
    @Inject(SQL_POOL) private readonly pool: pg.Pool,
    @Inject(OUTBOUND_HTTP) private readonly http: OutboundHttp,
    @Inject(CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  @ApiOperation({
    summary:
      "The signed-in agent's custom integrations, oldest first, with what the form offers: the categories, methods and the lead placeholders a body template may use.",
  })
  async list(@CurrentUser() user: AuthenticatedUser) {
    const rows = await this.rows(user.userId, null);
    return {
      integrations: rows.map(view),
      categories: CUSTOM_CATEGORIES,
      methods: CUSTOM_METHODS,
      methodsWithBody: METHODS_WITH_BODY,
      placeholders: PLACEHOLDERS.map(({ name, description }) => ({ name, description })),
      /** How long a rotated-out signing secret keeps signing beside the new one (DELIVERY_SIGNING_SECRET_GRACE_SECONDS). */
      signingSecretGraceSeconds: this.config.delivery.signingSecretGraceMs / 1000,
      limit: MAX_CUSTOM_INTEGRATIONS,
    };
  }

  @Post()
  @HttpCode(201)
  @ApiOperation({
    summary:
      'Adds a custom integration (spec: insert_custom_integration): name, description, type (link|api), category, url (link) or apiEndpoint + method + headers (JSON object) + apiKey + requestBody (POST/PUT/PATCH; {{placeholders}} of the lead), status. An API integration answers its signingSecret (whsec_…) this once.',
  })
  async add(@CurrentUser() user: AuthenticatedUser, @Body() body: unknown, @Req() request: FastifyRequest) {
    const form = validateForm(customIntegrationSchema, body);
    if (form.type === 'api') await requirePublicAddress(this.http, form.endpoint, 'apiEndpoint');
    const result = await this.commands.execute(new AddCustomIntegration({ form }, contextOf(request, user)));
    return { success: true, ...result, integration: await this.viewOf(user.userId, result.integrationId) };
  }

  @Get(':integrationId')
  @ApiOperation({ summary: "One of the signed-in agent's custom integrations; anyone else's is 404." })
  async one(@CurrentUser() user: AuthenticatedUser, @Param('integrationId') integrationId: string) {
    return this.viewOf(user.userId, idOf(integrationId));
  }

  @Put(':integrationId')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Saves the form again; the type stays. An absent apiKey or headers keeps the saved one, apiKey null removes it, headers {} removes them.',
  })
  async update(@CurrentUser() user: AuthenticatedUser, @Param('integrationId') integrationId: string, @Body() body: unknown, @Req() request: FastifyRequest) {
    const id = idOf(integrationId);
    const form = validateForm(customIntegrationSchema, body);
    if (form.type === 'api') await requirePublicAddress(this.http, form.endpoint, 'apiEndpoint');
    await this.commands.execute(new UpdateCustomIntegration({ integrationId: id, form }, contextOf(request, user)));
    return this.viewOf(user.userId, id);
  }

  @Put(':integrationId/status')
  @HttpCode(200)
  @ApiOperation({ summary: 'Activates (status active) or deactivates (inactive) a custom integration; an inactive one receives no leads.' })
  async status(@CurrentUser() user: AuthenticatedUser, @Param('integrationId') integrationId: string, @Body() body: unknown, @Req() request: FastifyRequest) {
    const id = idOf(integrationId);
    const { status } = validateForm(statusRequest, body);
    await this.commands.execute(new SetCustomIntegrationActive({ integrationId: id, active: status === 'active' }, contextOf(request, user)));
    return this.viewOf(user.userId, id);
  }

  @Delete(':integrationId')
  @HttpCode(200)
  @ApiOperation({ summary: 'Deletes a custom integration: it receives nothing more and its secrets are erased; its delivery history is kept.' })
  async remove(@CurrentUser() user: AuthenticatedUser, @Param('integrationId') integrationId: string, @Req() request: FastifyRequest) {
    const id = idOf(integrationId);
    await this.commands.execute(new DeleteCustomIntegration({ integrationId: id }, contextOf(request, user)));
    return { success: true, integrationId: id };
  }

  private async viewOf(userId: string, integrationId: string) {
    const row = (await this.rows(userId, integrationId))[0];
    if (!row) throw NOT_FOUND();
    return view(row);
  }

  private async rows(userId: string, integrationId: string | null): Promise<Row[]> {
    const { rows } = await this.pool.query<Row>(
      `SELECT c.integration_id, c.is_active, c.settings, c.created_at, c.updated_at, c.disabled_at, c.disabled_reason, c.failing_since,
              (SELECT count(*)::int FROM lead_deliveries d WHERE d.integration_id = c.integration_id AND d.status = 'held') AS held,
              (SELECT jsonb_object_agg(s.name, s.last4) FROM integration_secrets s WHERE s.integration_id = c.integration_id AND s.expires_at IS NULL AND s.name <> 'headers') AS secrets,
              (SELECT s.expires_at FROM integration_secrets s WHERE s.integration_id = c.integration_id AND s.name = 'previousSigningSecret' AND s.expires_at > now()) AS previous_signing_until
         FROM integration_configs c
        WHERE c.user_id = $1 AND c.provider = 'custom' AND c.deleted_at IS NULL AND ($2::uuid IS NULL OR c.integration_id = $2)
        ORDER BY c.created_at, c.integration_id`,
      [userId, integrationId],
    );
    return rows;
  }
}

/** The signed-in agent's request: every change acts for them. */
const contextOf = (request: FastifyRequest, user: AuthenticatedUser) => requestContextOf(request, { type: 'user', id: user.userId });

/** An id that is not a UUID names nothing: the same 404 as someone else's. */
function idOf(raw: string): string {
  if (!z.uuid().safeParse(raw).success) throw NOT_FOUND();
  return raw;
}

const view = (row: Row) => {
  const { settings } = row;
  return {
    integrationId: row.integration_id,
    name: settings.name,
    description: settings.description,
    type: settings.type,
    category: settings.category,
    status: row.is_active ? ('active' as const) : ('inactive' as const),
    /** Turned off automatically after its deliveries kept failing: when, and why. */
    disabled: row.disabled_at ? { at: row.disabled_at, reason: row.disabled_reason } : null,
    failingSince: row.failing_since,
    heldDeliveries: row.held,
    url: settings.type === 'link' ? settings.url : null,
    apiEndpoint: settings.type === 'api' ? settings.endpoint : null,
    method: settings.type === 'api' ? settings.method : null,
    requestBody: settings.type === 'api' ? settings.bodyTemplate : null,
    headerNames: settings.type === 'api' ? settings.headerNames : [],
    /** The API key and the signing secret, each as its last four characters after a mask. */
    secretHints: row.secrets ?? {},
    /** After a rotation of the signing secret: until when the secret it replaced still signs beside it (null otherwise). */
    previousSigningSecretUntil: row.previous_signing_until,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
};

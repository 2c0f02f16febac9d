import { Controller, Get, Inject, Param, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type pg from 'pg';

import type { AuthenticatedUser } from '../../../../platform/auth/session-store.js';
import { CurrentUser, SessionGuard } from '../../../../platform/auth/session.guard.js';
import { CONFIG, SQL_POOL } from '../../../../platform/tokens.js';
import { PLACEHOLDERS } from '../../domain/body-template.js';
import { CUSTOM_CATEGORIES, CUSTOM_METHODS, MAX_CUSTOM_INTEGRATIONS, METHODS_WITH_BODY } from '../../domain/custom-integration.js';
import type { IntegrationsConfig } from '../../integrations.config.js';
import { customIntegrationIdOf, customIntegrationOf, customIntegrationRows, customIntegrationView } from './custom-integrations.query.js';

/**
 * /integrations, "Add Custom Integration" (spec: insert_custom_integration): the signed-in
 * agent's own custom integrations, links and APIs. Secrets are never answered: the API key
 * and signing secret by their last four characters, the headers by their names. The signing
 * secret is answered once, when an API integration is added.
 */
@ApiTags('integrations')
@Controller('api/integrations/custom')
@UseGuards(SessionGuard)
export class ListCustomIntegrationsController {
  constructor(
    @Inject(SQL_POOL) private readonly pool: pg.Pool,
    @Inject(CONFIG) private readonly config: IntegrationsConfig,
  ) {}

  @Get()
  @ApiOperation({
    summary:
      "The signed-in agent's custom integrations, oldest first, with what the form offers: the categories, methods and the lead placeholders a body template may use.",
  })
  async list(@CurrentUser() user: AuthenticatedUser) {
    const rows = await customIntegrationRows(this.pool, user.userId, null);
    return {
      integrations: rows.map(customIntegrationView),
      categories: CUSTOM_CATEGORIES,
      methods: CUSTOM_METHODS,
      methodsWithBody: METHODS_WITH_BODY,
      placeholders: PLACEHOLDERS.map(({ name, description }) => ({ name, description })),
      /** How long a rotated-out signing secret keeps signing beside the new one (DELIVERY_SIGNING_SECRET_GRACE_SECONDS). */
      signingSecretGraceSeconds: this.config.delivery.signingSecretGraceMs / 1000,
      limit: MAX_CUSTOM_INTEGRATIONS,
    };
  }

  @Get(':integrationId')
  @ApiOperation({ summary: "One of the signed-in agent's custom integrations; anyone else's is 404." })
  async one(@CurrentUser() user: AuthenticatedUser, @Param('integrationId') integrationId: string) {
    return customIntegrationOf(this.pool, user.userId, customIntegrationIdOf(integrationId));
  }
}

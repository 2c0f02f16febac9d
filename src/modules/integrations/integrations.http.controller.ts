import { Body, Controller, Get, HttpCode, Inject, Param, Post, Put, Req, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import type pg from 'pg';

import type { AuthenticatedUser } from '../../platform/auth/session-store.js';
import { CurrentUser, SessionGuard } from '../../platform/auth/session.guard.js';
import type { AppConfig } from '../../platform/config/config.js';
import { ApiError } from '../../platform/http/api-error.js';
import { requestContextOf } from '../../platform/http/request-client.js';
import type { OutboundHttp } from '../../platform/outbound/outbound-http.js';
import { CONFIG, OUTBOUND_HTTP, SQL_POOL } from '../../platform/tokens.js';
import { ConnectIntegration } from './commands/connect-integration/connect-integration.command.js';
import { DisconnectIntegration } from './commands/disconnect-integration/disconnect-integration.command.js';
import { generatedSecretsOf, isProviderId, PROVIDERS, providerSchema, type ProviderId, type ProviderSetup } from './domain/providers.js';
import { INVALID_CREDENTIALS } from './providers/provider-call.js';
import { RingyClient } from './providers/ringy/ringy-client.js';
import { requirePublicAddress } from './public-address.js';
import { validateForm } from './validate-form.js';

type Row = {
  integration_id: string;
  provider: ProviderId;
  is_active: boolean;
  settings: Record<string, unknown>;
  connected_at: Date | null;
  secrets: Record<string, string> | null;
  disabled_at: Date | null;
  disabled_reason: string | null;
  failing_since: Date | null;
  delivered_day: number;
  failed_day: number;
  held: number;
  previous_signing_until: Date | null;
};

/**
 * /integrations: the five providers with the signed-in agent's connection to each. Secrets are
 * never answered: only their last four characters, as the form shows them.
 */
@ApiTags('integrations')
@Controller('api/integrations')
@UseGuards(SessionGuard)
export class IntegrationsController {
  private readonly ringy: RingyClient;
  private readonly graceSeconds: number;

  constructor(
    private readonly commands: CommandBus,
    @Inject(SQL_POOL) private readonly pool: pg.Pool,
    @Inject(OUTBOUND_HTTP) private readonly http: OutboundHttp,
    @Inject(CONFIG) config: AppConfig,
  ) {
    this.ringy = new RingyClient(http, config.providers.ringyApiBase, config.outbound.timeoutMs);
    this.graceSeconds = config.delivery.signingSecretGraceMs / 1000;
  }

  @Get()
  @ApiOperation({
    summary: "The five providers, each with the signed-in agent's connection: connected or not, settings, and the last four characters of each secret.",
  })
  async list(@CurrentUser() user: AuthenticatedUser) {
    const rows = await this.rows(user.userId);
    return { providers: PROVIDERS.map((provider) => view(provider, rows.get(provider.providerId), this.graceSeconds)) };
  }

  @Get(':providerId')
  @ApiOperation({ summary: "One provider and the signed-in agent's connection to it; an unknown provider is 404." })
  async one(@CurrentUser() user: AuthenticatedUser, @Param('providerId') raw: string) {
    const provider = providerOf(raw);
    return view(provider, (await this.rows(user.userId)).get(provider.providerId), this.graceSeconds);
  }

  @Put(':providerId')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Connects (or reconnects) a provider with its form: OnlySales webhookUrl + apiKey, Email email, Ringy sid + authToken (+ nickname), VanillaSoft credentialName + postingUrl + fieldMappings (JSON text). ' +
      "Ringy's credentials are tested with Ringy first: 422 INVALID_CREDENTIALS 'Invalid credentials', or 502 TEST_FAILED 'Failed to test connection' when Ringy cannot be reached. " +
      "OnlySales' first connect answers its webhook signing secret (signingSecret, whsec_…) this once; later saves keep it.",
  })
  async connect(@CurrentUser() user: AuthenticatedUser, @Param('providerId') raw: string, @Body() body: unknown, @Req() request: FastifyRequest) {
    const { providerId } = providerOf(raw);
    if (providerId === 'textdrip')
      throw new ApiError(400, 'TEXTDRIP_CONNECTS_IN_ITS_WINDOW', 'Textdrip connects through its own window: use Connect on the Textdrip page.');
    const setup: ProviderSetup = { ...formOf(providerId, body), generated: generatedSecretsOf(providerId) };
    if (providerId === 'onlysales') await requirePublicAddress(this.http, String(setup.settings.webhookUrl), 'webhookUrl');
    if (providerId === 'vanillasoft') await requirePublicAddress(this.http, setup.secrets.postingUrl!, 'postingUrl');
    if (providerId === 'ringy') await this.testRingy(setup.secrets);
    const { revealed, ...result } = await this.commands.execute(
      new ConnectIntegration({ providerId, setup }, requestContextOf(request, { type: 'user', id: user.userId })),
    );
    return { ...result, providerId, ...(revealed.signingSecret ? { signingSecret: revealed.signingSecret } : {}) };
  }

  @Post('ringy/test-connection')
  @HttpCode(200)
  @ApiOperation({
    summary:
      "Tests Ringy credentials (sid + authToken) with Ringy without saving them: { ok: true }, or { ok: false, code: 'INVALID_CREDENTIALS' | 'TEST_FAILED', message }. " +
      'A failed test is the answer the form shows, not an error of the request (Connect still tests again, and refuses as above).',
  })
  async testRingyConnection(@Body() body: unknown) {
    const { secrets } = formOf('ringy', body);
    const check = await this.ringy.verify({ sid: secrets.sid!, authToken: secrets.authToken! });
    if (check.result === 'invalid') return { ok: false, code: 'INVALID_CREDENTIALS', message: INVALID_CREDENTIALS };
    if (check.result === 'unreachable') return { ok: false, code: 'TEST_FAILED', message: 'Failed to test connection' };
    return { ok: true };
  }

  /** The spec's test call before Ringy credentials are saved. */
  private async testRingy(secrets: Record<string, string>): Promise<void> {
    const check = await this.ringy.verify({ sid: secrets.sid!, authToken: secrets.authToken! });
    if (check.result === 'invalid') throw new ApiError(422, 'INVALID_CREDENTIALS', INVALID_CREDENTIALS);
    if (check.result === 'unreachable') throw new ApiError(502, 'TEST_FAILED', 'Failed to test connection');
  }

  @Post(':providerId/disconnect')
  @HttpCode(200)
  @ApiOperation({ summary: 'Disconnects a provider: it stays listed with its settings, inactive, and gets no leads.' })
  async disconnect(@CurrentUser() user: AuthenticatedUser, @Param('providerId') raw: string, @Req() request: FastifyRequest) {
    const { providerId } = providerOf(raw);
    const result = await this.commands.execute(new DisconnectIntegration({ providerId }, requestContextOf(request, { type: 'user', id: user.userId })));
    return { ...result, providerId };
  }

  private async rows(userId: string): Promise<Map<ProviderId, Row>> {
    const { rows } = await this.pool.query<Row>(
      `SELECT c.integration_id, c.provider, c.is_active, c.settings, c.connected_at, c.disabled_at, c.disabled_reason, c.failing_since,
              (SELECT jsonb_object_agg(s.name, s.last4) FROM integration_secrets s WHERE s.integration_id = c.integration_id AND s.expires_at IS NULL) AS secrets,
              (SELECT s.expires_at FROM integration_secrets s WHERE s.integration_id = c.integration_id AND s.name = 'previousSigningSecret' AND s.expires_at > now()) AS previous_signing_until,
              (SELECT count(*)::int FROM lead_deliveries d WHERE d.integration_id = c.integration_id AND d.status = 'succeeded' AND NOT d.is_test AND d.succeeded_at > now() - interval '1 day') AS delivered_day,
              (SELECT count(*)::int FROM lead_deliveries d WHERE d.integration_id = c.integration_id AND d.status = 'failed' AND NOT d.is_test AND d.updated_at > now() - interval '1 day') AS failed_day,
              (SELECT count(*)::int FROM lead_deliveries d WHERE d.integration_id = c.integration_id AND d.status = 'held') AS held
         FROM integration_configs c WHERE c.user_id = $1 AND c.provider = ANY($2::text[])`,
      [userId, PROVIDERS.map((p) => p.providerId)],
    );
    return new Map(rows.map((row) => [row.provider, row]));
  }
}

/** The provider's form, or a 400 whose message is the form's own (the spec's words), the fields listed beside it. */
const formOf = (providerId: Exclude<ProviderId, 'textdrip'>, body: unknown) =>
  validateForm(providerSchema(providerId, new Date().toLocaleDateString('en-US')), body);

function providerOf(raw: string): (typeof PROVIDERS)[number] {
  const providerId = raw.toLowerCase();
  if (!isProviderId(providerId))
    throw new ApiError(
      404,
      'PROVIDER_NOT_FOUND',
      'There is no integration with this name. The providers are OnlySales, Textdrip, Email, Ringy and VanillaSoft.',
    );
  return PROVIDERS.find((p) => p.providerId === providerId)!;
}

const view = (provider: (typeof PROVIDERS)[number], row: Row | undefined, graceSeconds: number) => ({
  ...provider,
  integrationId: row?.integration_id ?? null,
  connected: row?.is_active ?? false,
  /** Turned off automatically after failing too long (null otherwise): when, and why. */
  disabled: row?.disabled_at ? { at: row.disabled_at, reason: row.disabled_reason } : null,
  failingSince: row?.failing_since ?? null,
  deliveries: { deliveredLastDay: row?.delivered_day ?? 0, failedLastDay: row?.failed_day ?? 0, held: row?.held ?? 0 },
  connectedAt: row?.connected_at ?? null,
  settings: row?.settings ?? null,
  /** Each secret shown as its last four characters after a mask (lastFour), e.g. { apiKey: '••••3f9a' }. */
  secretHints: row?.secrets ?? {},
  /** After a rotation of the signing secret: until when the secret it replaced still signs beside it (null otherwise). */
  previousSigningSecretUntil: row?.previous_signing_until ?? null,
  /** How long a rotated-out signing secret keeps signing beside the new one (DELIVERY_SIGNING_SECRET_GRACE_SECONDS). */
  signingSecretGraceSeconds: graceSeconds,
});

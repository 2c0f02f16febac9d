import { Body, Controller, HttpCode, Inject, Param, Post, Put, Req, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import type pg from 'pg';

import type { AuthenticatedUser } from '../../../../platform/auth/session-store.js';
import { CurrentUser, SessionGuard } from '../../../../platform/auth/session.guard.js';
import { ApiError } from '../../../../platform/http/api-error.js';
import { requestContextOf } from '../../../../platform/http/request-client.js';
import type { OutboundHttp } from '../../../../platform/outbound/outbound-http.js';
import { CONFIG, OUTBOUND_HTTP, SQL_POOL } from '../../../../platform/tokens.js';
import { agentTimeZone } from '../../../identity/contracts/agent-time-zone.js';
import { generatedSecretsOf, providerSchema, type ProviderId, type ProviderSetup } from '../../domain/providers.js';
import type { IntegrationsConfig } from '../../integrations.config.js';
import { providerOf } from '../../provider-path.js';
import { INVALID_CREDENTIALS } from '../../providers/provider-call.js';
import { RingyClient } from '../../providers/ringy/ringy-client.js';
import { requirePublicAddress } from '../../public-address.js';
import { validateForm } from '../../validate-form.js';
import { ConnectIntegration } from './connect-integration.command.js';

/** Connecting a provider with its form; Ringy's credentials are tested with Ringy first (also on their own, before saving). */
@ApiTags('integrations')
@Controller('api/integrations')
@UseGuards(SessionGuard)
export class ConnectIntegrationController {
  private readonly ringy: RingyClient;
  private readonly zone: string;

  constructor(
    private readonly commands: CommandBus,
    @Inject(OUTBOUND_HTTP) private readonly http: OutboundHttp,
    @Inject(CONFIG) config: IntegrationsConfig,
    @Inject(SQL_POOL) private readonly pool: pg.Pool,
  ) {
    this.ringy = new RingyClient(http, config.providers.ringyApiBase, config.outbound.timeoutMs);
    this.zone = config.orgTimeZone;
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
    // A default nickname carries today's date in the agent's zone (chosen on their profile, else the organisation's).
    const zone = await agentTimeZone(this.pool, user.userId, this.zone);
    const setup: ProviderSetup = { ...formOf(providerId, body, zone), generated: generatedSecretsOf(providerId) };
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
    const { secrets } = formOf('ringy', body, this.zone);
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
}

/** The provider's form, or a 400 whose message is the form's own (the spec's words), the fields listed beside it; today's date (a default nickname) is in `zone`. */
const formOf = (providerId: Exclude<ProviderId, 'textdrip'>, body: unknown, zone: string) =>
  validateForm(providerSchema(providerId, new Intl.DateTimeFormat('en-US', { timeZone: zone }).format(new Date())), body);

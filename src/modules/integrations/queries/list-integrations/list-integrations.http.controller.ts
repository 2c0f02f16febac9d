import { Controller, Get, Inject, Param, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type pg from 'pg';

import type { AuthenticatedUser } from '../../../../platform/auth/session-store.js';
import { CurrentUser, SessionGuard } from '../../../../platform/auth/session.guard.js';
import { CONFIG, SQL_POOL } from '../../../../platform/tokens.js';
import { PROVIDERS, type ProviderId } from '../../domain/providers.js';
import type { IntegrationsConfig } from '../../integrations.config.js';
import { providerOf } from '../../provider-path.js';

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
export class ListIntegrationsController {
  private readonly graceSeconds: number;

  constructor(
    @Inject(SQL_POOL) private readonly pool: pg.Pool,
    @Inject(CONFIG) config: IntegrationsConfig,
  ) {
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

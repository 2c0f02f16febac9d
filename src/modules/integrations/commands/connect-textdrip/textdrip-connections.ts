import { createHash, randomBytes } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type pg from 'pg';

import type { CommandContext } from '../../../../platform/event-store/new-event.js';
import type { OutboundHttp } from '../../../../platform/outbound/outbound-http.js';
import type { RateLimit, RateLimiter } from '../../../../platform/rate-limit/rate-limiter.js';
import { CONFIG, OUTBOUND_HTTP, RATE_LIMITER, SQL_POOL } from '../../../../platform/tokens.js';
import type { IntegrationsConfig } from '../../integrations.config.js';
import { ConnectIntegration } from '../connect-integration/connect-integration.command.js';
import { checkTextdripToken, isPlausibleToken } from './textdrip-account.js';

/** How long Textdrip's window may take before the request it was opened with is no longer accepted. */
export const CONNECT_REQUEST_MINUTES = 10;
/** Connect windows one agent may open in 10 minutes. */
export const TEXTDRIP_CONNECTS_PER_USER: RateLimit = { name: 'textdrip-connect-user', limit: 20, windowSeconds: 600 };
export const CALLBACK_PATH = '/api/integrations/textdrip/callback';
export const SUCCESS_PAGE = '/textdrip/success?connected=true';

/** Why a connection did not go through; /textdrip/failed?reason=… shows each in words. */
export type TextdripFailure =
  'signed_out' | 'too_many' | 'invalid_request' | 'expired' | 'used' | 'other_account' | 'mismatch' | 'denied' | 'invalid_token' | 'unavailable';

export const failedPage = (reason: TextdripFailure) => `/textdrip/failed?reason=${reason}`;

/** What Textdrip's connect page sends the agent back with (query parameters). */
export type TextdripReturn = { readonly state?: string; readonly network_id?: string; readonly token?: string; readonly error?: string };

const hashState = (state: string) => createHash('sha256').update(state).digest('hex');
const STATE_SHAPE = /^[A-Za-z0-9_-]{20,200}$/;

/**
 * Connecting an agent's Textdrip account, the way "connect your account" windows work: the
 * portal opens Textdrip's page with a one-time `state` bound to the agent (stored hashed, 10
 * minutes), Textdrip sends the agent back with it and the account's API token, the portal
 * uses the state once, checks the token with Textdrip and keeps it encrypted as the textdrip
 * integration's `apiToken`. The window that opened it learns the outcome from a window
 * message, or by asking (claim) with the network id it chose.
 */
@Injectable()
export class TextdripConnections {
  private readonly logger = new Logger('textdrip-connect');

  constructor(
    @Inject(SQL_POOL) private readonly pool: pg.Pool,
    @Inject(CONFIG) private readonly config: IntegrationsConfig,
    @Inject(OUTBOUND_HTTP) private readonly http: OutboundHttp,
    @Inject(RATE_LIMITER) private readonly limiter: RateLimiter,
    private readonly commands: CommandBus,
  ) {}

  /** Starts a connection: where the Connect window goes next (Textdrip's page, or the failed page). */
  async start(userId: string, networkId: string): Promise<string> {
    const decision = await this.limiter.hit(TEXTDRIP_CONNECTS_PER_USER, userId);
    if (!decision.allowed) return failedPage('too_many');
    const state = randomBytes(32).toString('base64url');
    await this.pool.query(`DELETE FROM textdrip_connection_requests WHERE expires_at < now() - interval '1 day'`);
    const { rowCount } = await this.pool.query(
      `INSERT INTO textdrip_connection_requests (state_hash, user_id, network_id, expires_at) VALUES ($1, $2, $3, now() + make_interval(mins => $4))
       ON CONFLICT (user_id, network_id) DO NOTHING`,
      [hashState(state), userId, networkId, CONNECT_REQUEST_MINUTES],
    );
    // A network id names one attempt: opening it again would make its outcome ambiguous.
    if (rowCount === 0) return failedPage('invalid_request');
    const url = new URL(this.config.textdrip.connectUrl);
    url.searchParams.set('redirect_uri', `${this.config.publicUrl}${CALLBACK_PATH}`);
    url.searchParams.set('state', state);
    url.searchParams.set('network_id', networkId);
    return url.href;
  }

  /** Textdrip sent the agent back: where their window goes (the success page, or the failed page with the reason). */
  async complete(userId: string, answer: TextdripReturn, context: CommandContext): Promise<string> {
    if (typeof answer.state !== 'string' || !STATE_SHAPE.test(answer.state)) return failedPage('invalid_request');
    const stateHash = hashState(answer.state);
    // Used once, by the agent it was made for: of any number of returns with one state, one gets past here.
    const { rows } = await this.pool.query<{ network_id: string; fresh: boolean }>(
      `UPDATE textdrip_connection_requests SET used_at = now()
        WHERE state_hash = $1 AND user_id = $2 AND used_at IS NULL
        RETURNING network_id, expires_at > now() AS fresh`,
      [stateHash, userId],
    );
    const request = rows[0];
    if (!request) return failedPage(await this.whyUnusable(stateHash, userId));
    const outcome = await this.connect(userId, request, answer, context);
    await this.pool.query('UPDATE textdrip_connection_requests SET outcome = $2, failure = $3 WHERE state_hash = $1', [
      stateHash,
      outcome === 'connected' ? 'connected' : 'failed',
      outcome === 'connected' ? null : outcome,
    ]);
    return outcome === 'connected' ? SUCCESS_PAGE : failedPage(outcome);
  }

  private async connect(
    userId: string,
    request: { network_id: string; fresh: boolean },
    answer: TextdripReturn,
    context: CommandContext,
  ): Promise<TextdripFailure | 'connected'> {
    if (!request.fresh) return 'expired';
    if (answer.network_id !== request.network_id) return 'mismatch';
    if (answer.error) return answer.error === 'access_denied' ? 'denied' : 'unavailable';
    if (!isPlausibleToken(answer.token)) return 'invalid_token';
    const check = await checkTextdripToken(this.http, this.config.textdrip.apiBase, answer.token);
    if (!check.ok) {
      this.logger.warn({ requestId: context.correlationId, userId, reason: check.reason, detail: check.detail }, 'textdrip token check failed');
      return check.reason;
    }
    await this.commands.execute(
      // Sent for the signed-in agent: `context`'s actor is `userId`.
      new ConnectIntegration(
        {
          providerId: 'textdrip',
          setup: {
            settings: { networkId: request.network_id, accountName: check.account.name, accountEmail: check.account.email },
            secrets: { apiToken: answer.token },
          },
        },
        context,
      ),
    );
    return 'connected';
  }

  private async whyUnusable(stateHash: string, userId: string): Promise<TextdripFailure> {
    const { rows } = await this.pool.query<{ user_id: string; used: boolean }>(
      'SELECT user_id, used_at IS NOT NULL AS used FROM textdrip_connection_requests WHERE state_hash = $1',
      [stateHash],
    );
    const row = rows[0];
    if (!row) return 'expired';
    if (row.user_id !== userId) return 'other_account';
    return 'used';
  }
}

import { createHash } from 'node:crypto';
import { Controller, Get, HttpCode, Inject, Logger, NotFoundException, Param, Post, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiExcludeEndpoint, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type pg from 'pg';

import { setSessionCookie } from '../../../../platform/auth/session-cookie.js';
import type { EventStore } from '../../../../platform/event-store/event-store.port.js';
import { ApiError } from '../../../../platform/http/api-error.js';
import { requestClient, requestContextOf } from '../../../../platform/http/request-client.js';
import { enforce, type RateLimiter } from '../../../../platform/rate-limit/rate-limiter.js';
import { CONFIG, EVENT_STORE, RATE_LIMITER, SQL_POOL } from '../../../../platform/tokens.js';
import { recordSecurityEvent } from '../../../security/contracts/security-events.js';
import { SIGN_IN_PER_IP } from '../../domain/auth-rate-limits.js';
import type { IdentityConfig } from '../../identity.config.js';
import { OidcProviders, type ExternalProvider } from './oidc-providers.js';
import { SignInWithExternalProfile } from './sign-in-with-external-profile.command.js';

const STATE_COOKIE = 'portal_oidc_state';
const CALLBACK_PATH = '/auth/callback';
/** How long a person may spend at the provider before the started sign-in is forgotten. */
const ATTEMPT_MINUTES = 10;
const PROVIDER_BY_PATH: Record<string, ExternalProvider> = { microsoft: 'azure', google: 'google' };
const hashState = (state: string) => createHash('sha256').update(state).digest('hex');

/** Failures go back to the web app's /auth/callback, which shows them (spec: auth callback). */
const failureUrl = (code: string, message: string) => `${CALLBACK_PATH}?${new URLSearchParams({ error: code, error_description: message.slice(0, 300) })}`;

@ApiTags('auth')
@Controller()
export class ExternalSignInController {
  private readonly logger = new Logger('external-sign-in');

  constructor(
    private readonly commands: CommandBus,
    @Inject(OidcProviders) private readonly providers: OidcProviders,
    @Inject(CONFIG) private readonly config: IdentityConfig,
    @Inject(SQL_POOL) private readonly pool: pg.Pool,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(RATE_LIMITER) private readonly limiter: RateLimiter,
  ) {}

  @Get('api/auth/providers')
  @ApiOperation({ summary: 'Which sign-in providers are configured: their buttons are shown only then.' })
  configured() {
    return { microsoft: this.providers.isConfigured('azure'), google: this.providers.isConfigured('google') };
  }

  @Post('api/auth/oidc/:provider/start')
  @HttpCode(200)
  @ApiOperation({ summary: 'Starts a Microsoft or Google sign-in: returns the provider URL to open, and binds the attempt to this browser.' })
  async start(@Param('provider') path: string, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    const provider = PROVIDER_BY_PATH[path];
    if (!provider || !this.providers.isConfigured(provider)) {
      throw new ApiError(404, 'PROVIDER_NOT_CONFIGURED', `Sign-in with ${path} is not set up on this portal.`);
    }
    await enforce(this.limiter, [{ rule: SIGN_IN_PER_IP, subject: request.ip }]);
    let authorization: Awaited<ReturnType<OidcProviders['authorizationRequest']>>;
    try {
      authorization = await this.providers.authorizationRequest(provider);
    } catch (error) {
      this.logger.warn({ err: error, requestId: request.id, provider }, 'provider discovery failed');
      throw new ApiError(
        503,
        'PROVIDER_UNAVAILABLE',
        `${provider === 'azure' ? 'Microsoft' : 'Google'} sign-in cannot be reached right now. Please try again in a few minutes.`,
      );
    }
    const { pending, url } = authorization;
    await this.pool.query(`DELETE FROM oidc_sign_in_attempts WHERE created_at < now() - make_interval(mins => $1)`, [ATTEMPT_MINUTES]);
    await this.pool.query('INSERT INTO oidc_sign_in_attempts (state_hash, provider, code_verifier, nonce) VALUES ($1, $2, $3, $4)', [
      hashState(pending.state),
      provider,
      pending.codeVerifier,
      pending.nonce,
    ]);
    void reply.setCookie(STATE_COOKIE, pending.state, {
      httpOnly: true,
      sameSite: 'lax',
      secure: this.config.session.secureCookie,
      path: CALLBACK_PATH,
      maxAge: ATTEMPT_MINUTES * 60,
    });
    return { authorizationUrl: url.href };
  }

  /**
   * The provider sends the browser back here with a code (or an error). Without a state this
   * is the web app's own /auth/callback page, served like any other page.
   */
  @Get('auth/callback')
  @ApiExcludeEndpoint()
  async callback(@Req() request: FastifyRequest, @Res() reply: FastifyReply) {
    const query = request.query as Record<string, string | undefined>;
    if (!query.state) throw new NotFoundException();
    void reply.clearCookie(STATE_COOKIE, { path: CALLBACK_PATH });
    const target = await this.completeSignIn(request, query, reply);
    return reply.redirect(target, 302);
  }

  private async completeSignIn(request: FastifyRequest, query: Record<string, string | undefined>, reply: FastifyReply): Promise<string> {
    const client = requestClient(request);
    const { rows } = await this.pool.query<{ provider: ExternalProvider; code_verifier: string; nonce: string; fresh: boolean }>(
      `DELETE FROM oidc_sign_in_attempts WHERE state_hash = $1
       RETURNING provider, code_verifier, nonce, created_at > now() - make_interval(mins => $2) AS fresh`,
      [hashState(query.state!), ATTEMPT_MINUTES],
    );
    const attempt = rows[0];
    // The state must come back to the browser that started the sign-in (login CSRF).
    if (!attempt || !attempt.fresh || request.cookies[STATE_COOKIE] !== query.state) {
      return failureUrl('SIGN_IN_EXPIRED', 'This sign-in was started too long ago or in another browser. Please sign in again.');
    }
    if (query.error) {
      return failureUrl(query.error, query.error_description ?? 'The sign-in was cancelled or refused.');
    }
    let profile;
    try {
      const callbackUrl = new URL(request.url, this.config.publicUrl);
      profile = await this.providers.finish(attempt.provider, callbackUrl, { state: query.state!, codeVerifier: attempt.code_verifier, nonce: attempt.nonce });
    } catch (error) {
      this.logger.warn({ err: error, requestId: request.id, provider: attempt.provider }, 'code exchange failed');
      await recordSecurityEvent(this.store, 'failed_login', client, { provider: attempt.provider, reason: 'code exchange failed' });
      return failureUrl('SIGN_IN_FAILED', 'The sign-in could not be completed. Please try again.');
    }
    try {
      const result = await this.commands.execute(new SignInWithExternalProfile(profile, requestContextOf(request)));
      setSessionCookie(reply, result.token, result.expiresAt, this.config.session.secureCookie);
      return CALLBACK_PATH;
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      await recordSecurityEvent(
        this.store,
        'failed_login',
        { ...client, userId: null },
        { provider: attempt.provider, email: profile.email, reason: error.code },
      );
      return failureUrl(error.code, error.message);
    }
  }
}

import { Controller, Get, Inject, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type pg from 'pg';

import { readSessionCookie } from '../../../../platform/auth/session-cookie.js';
import type { SessionStore } from '../../../../platform/auth/session-store.js';
import type { EventStore } from '../../../../platform/event-store/event-store.port.js';
import { CONFIG, EVENT_STORE, SESSION_STORE, SQL_POOL } from '../../../../platform/tokens.js';
import { agentTimeZone } from '../../contracts/agent-time-zone.js';
import type { IdentityConfig } from '../../identity.config.js';
import { loadSessionView } from './session-view.js';

@ApiTags('auth')
@Controller('api/auth')
export class GetSessionController {
  constructor(
    @Inject(CONFIG) private readonly config: IdentityConfig,
    @Inject(SESSION_STORE) private readonly sessions: SessionStore,
    @Inject(SQL_POOL) private readonly pool: pg.Pool,
    @Inject(EVENT_STORE) private readonly store: EventStore,
  ) {}

  @Get('session')
  @ApiOperation({
    summary:
      'The signed-in user and the CSRF token for writes, or user null; and timeZone, the IANA time zone every page shows times in: the user’s choice on their profile, else (and signed out) the organisation’s (ORG_TIME_ZONE).',
  })
  async session(@Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    void reply.header('cache-control', 'no-store');
    const token = readSessionCookie(request, this.config.session.secureCookie);
    const user = token ? await this.sessions.resolve(token) : null;
    if (!user) return { user: null, timeZone: this.config.orgTimeZone, organisationTimeZone: this.config.orgTimeZone };
    const timeZone = await agentTimeZone(this.pool, user.userId, this.config.orgTimeZone);
    return {
      user: await loadSessionView(this.pool, this.store, user, this.config.staffEmailDomain),
      csrfToken: user.csrfToken,
      timeZone,
      organisationTimeZone: this.config.orgTimeZone,
    };
  }
}

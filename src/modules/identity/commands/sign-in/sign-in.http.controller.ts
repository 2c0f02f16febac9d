import { Body, Controller, HttpCode, Inject, Post, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type pg from 'pg';

import { setSessionCookie } from '../../../../platform/auth/session-cookie.js';
import type { EventStore } from '../../../../platform/event-store/event-store.port.js';
import { requestContextOf } from '../../../../platform/http/request-client.js';
import { validate } from '../../../../platform/http/validate.js';
import { CONFIG, EVENT_STORE, SQL_POOL } from '../../../../platform/tokens.js';
import { agentTimeZone } from '../../contracts/agent-time-zone.js';
import type { IdentityConfig } from '../../identity.config.js';
import { loadSessionView } from '../../queries/get-session/session-view.js';
import { SignIn } from './sign-in.command.js';
import { signInRequest } from './sign-in.request.js';

@ApiTags('auth')
@Controller('api/auth')
export class SignInController {
  constructor(
    private readonly commands: CommandBus,
    @Inject(CONFIG) private readonly config: IdentityConfig,
    @Inject(SQL_POOL) private readonly pool: pg.Pool,
    @Inject(EVENT_STORE) private readonly store: EventStore,
  ) {}

  @Post('sign-in')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Signs in with e-mail and password; sets the session cookie and returns the user, the CSRF token and the user’s time zone (chosen on the profile, else the organisation’s).',
  })
  async signIn(@Body() body: unknown, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    const input = validate(signInRequest, body);
    const result = await this.commands.execute(new SignIn(input, requestContextOf(request)));
    setSessionCookie(reply, result.token, result.expiresAt, this.config.session.secureCookie);
    const user = await loadSessionView(this.pool, this.store, { userId: result.userId, email: result.email, provider: 'email' }, this.config.staffEmailDomain);
    return {
      user,
      csrfToken: result.csrfToken,
      timeZone: await agentTimeZone(this.pool, result.userId, this.config.orgTimeZone),
      organisationTimeZone: this.config.orgTimeZone,
    };
  }
}

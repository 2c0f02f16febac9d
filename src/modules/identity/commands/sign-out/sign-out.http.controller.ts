import { Controller, HttpCode, Inject, Post, Res, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { clearSessionCookie } from '../../../../platform/auth/session-cookie.js';
import { CurrentUser, SessionGuard } from '../../../../platform/auth/session.guard.js';
import type { AuthenticatedUser, SessionStore } from '../../../../platform/auth/session-store.js';
import type { AppConfig } from '../../../../platform/config/config.js';
import { CONFIG, SESSION_STORE } from '../../../../platform/tokens.js';

@ApiTags('auth')
@Controller('api/auth')
export class SignOutController {
  constructor(
    @Inject(CONFIG) private readonly config: AppConfig,
    @Inject(SESSION_STORE) private readonly sessions: SessionStore,
  ) {}

  @Post('sign-out')
  @HttpCode(204)
  @UseGuards(SessionGuard)
  @ApiOperation({ summary: 'Ends this session now and clears its cookie.' })
  async signOut(@CurrentUser() user: AuthenticatedUser, @Res({ passthrough: true }) reply: FastifyReply): Promise<void> {
    await this.sessions.revoke(user.sessionHash);
    clearSessionCookie(reply, this.config.session.secureCookie);
  }
}

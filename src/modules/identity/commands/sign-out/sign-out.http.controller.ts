import { Controller, HttpCode, Inject, Post, Req, Res, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';

import { clearSessionCookie } from '../../../../platform/auth/session-cookie.js';
import type { AuthenticatedUser } from '../../../../platform/auth/session-store.js';
import { CurrentUser, SessionGuard } from '../../../../platform/auth/session.guard.js';
import { requestContextOf } from '../../../../platform/http/request-client.js';
import { CONFIG } from '../../../../platform/tokens.js';
import type { IdentityConfig } from '../../identity.config.js';
import { SignOut } from './sign-out.command.js';

@ApiTags('auth')
@Controller('api/auth')
export class SignOutController {
  constructor(
    @Inject(CONFIG) private readonly config: IdentityConfig,
    private readonly commands: CommandBus,
  ) {}

  @Post('sign-out')
  @HttpCode(204)
  @UseGuards(SessionGuard)
  @ApiOperation({ summary: 'Ends this session now and clears its cookie.' })
  async signOut(@CurrentUser() user: AuthenticatedUser, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<void> {
    await this.commands.execute(new SignOut({ sessionHash: user.sessionHash }, requestContextOf(request, { type: 'user', id: user.userId })));
    clearSessionCookie(reply, this.config.session.secureCookie);
  }
}

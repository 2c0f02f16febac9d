import { Controller, HttpCode, Param, Post, Req, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';

import type { AuthenticatedUser } from '../../../../platform/auth/session-store.js';
import { CurrentUser, SessionGuard } from '../../../../platform/auth/session.guard.js';
import { requestContextOf } from '../../../../platform/http/request-client.js';
import { validate } from '../../../../platform/http/validate.js';
import { RotateSigningSecret } from './rotate-signing-secret.command.js';

@ApiTags('integrations')
@Controller('api/integration-connections')
@UseGuards(SessionGuard)
export class RotateSigningSecretController {
  constructor(private readonly commands: CommandBus) {}

  @Post(':integrationId/rotate-signing-secret')
  @HttpCode(200)
  @ApiOperation({
    summary:
      "Replaces the webhook signing secret of one of the signed-in agent's integrations (OnlySales, custom API): answers the new one (signingSecret, whsec_…) this once, and previousValidUntil, until when the old one still signs beside it (24 h). Anyone else's integration is 404.",
  })
  rotate(@CurrentUser() user: AuthenticatedUser, @Param('integrationId') rawId: string, @Req() request: FastifyRequest) {
    const integrationId = validate(z.uuid('No such integration.'), rawId, 'integrationId');
    return this.commands.execute(new RotateSigningSecret({ integrationId }, requestContextOf(request, { type: 'user', id: user.userId })));
  }
}

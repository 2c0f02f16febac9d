import { Controller, HttpCode, Param, Post, Req, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';

import type { AuthenticatedUser } from '../../../../platform/auth/session-store.js';
import { CurrentUser, SessionGuard } from '../../../../platform/auth/session.guard.js';
import { requestContextOf } from '../../../../platform/http/request-client.js';
import { providerOf } from '../../provider-path.js';
import { DisconnectIntegration } from './disconnect-integration.command.js';

@ApiTags('integrations')
@Controller('api/integrations')
@UseGuards(SessionGuard)
export class DisconnectIntegrationController {
  constructor(private readonly commands: CommandBus) {}

  @Post(':providerId/disconnect')
  @HttpCode(200)
  @ApiOperation({ summary: 'Disconnects a provider: it stays listed with its settings, inactive, and gets no leads.' })
  async disconnect(@CurrentUser() user: AuthenticatedUser, @Param('providerId') raw: string, @Req() request: FastifyRequest) {
    const { providerId } = providerOf(raw);
    const result = await this.commands.execute(new DisconnectIntegration({ providerId }, requestContextOf(request, { type: 'user', id: user.userId })));
    return { ...result, providerId };
  }
}

import { Controller, HttpCode, Post, Req, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';

import type { AuthenticatedUser } from '../../../../platform/auth/session-store.js';
import { CurrentUser, SessionGuard } from '../../../../platform/auth/session.guard.js';
import { requestContextOf, requestOriginOf } from '../../../../platform/http/request-client.js';
import { StartCardSetup } from './start-card-setup.command.js';

@ApiTags('payments')
@Controller('api/payments')
@UseGuards(SessionGuard)
export class StartCardSetupController {
  constructor(private readonly commands: CommandBus) {}

  @Post('setup')
  @HttpCode(200)
  @ApiOperation({
    summary: 'create-setup-intent: the publishable key and the hosted page that saves a card (back to /payment-methods?setup=success|cancelled).',
  })
  setup(@CurrentUser() user: AuthenticatedUser, @Req() request: FastifyRequest) {
    return this.commands.execute(
      new StartCardSetup(
        { userId: user.userId, email: user.email, requestOrigin: requestOriginOf(request) },
        requestContextOf(request, { type: 'user', id: user.userId }),
      ),
    );
  }
}

import { Controller, Delete, HttpCode, Param, Req, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';

import type { AuthenticatedUser } from '../../../../platform/auth/session-store.js';
import { CurrentUser, SessionGuard } from '../../../../platform/auth/session.guard.js';
import { requestContextOf } from '../../../../platform/http/request-client.js';
import { customIntegrationIdOf } from '../../queries/list-custom-integrations/custom-integrations.query.js';
import { DeleteCustomIntegration } from './delete-custom-integration.command.js';

@ApiTags('integrations')
@Controller('api/integrations/custom')
@UseGuards(SessionGuard)
export class DeleteCustomIntegrationController {
  constructor(private readonly commands: CommandBus) {}

  @Delete(':integrationId')
  @HttpCode(200)
  @ApiOperation({ summary: 'Deletes a custom integration: it receives nothing more and its secrets are erased; its delivery history is kept.' })
  async remove(@CurrentUser() user: AuthenticatedUser, @Param('integrationId') integrationId: string, @Req() request: FastifyRequest) {
    const id = customIntegrationIdOf(integrationId);
    await this.commands.execute(new DeleteCustomIntegration({ integrationId: id }, requestContextOf(request, { type: 'user', id: user.userId })));
    return { success: true, integrationId: id };
  }
}
